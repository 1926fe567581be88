/**
 * The one declaration of the API records (lib/validation/flow-record-schema.ts)
 * and the check integration tests run on real answers with it
 * (test/helpers/record-shape.ts): a field the schema does not name is found
 * at any depth; browser.using stays open to each driver's fields.
 */
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { ErrorBodySchema, FlowMetadataSchema, ToolCallRecordSchema, hasEnded, isTerminal, type FlowMetadata } from '../../../lib/validation/flow-record-schema';
import type { CreateFlow } from '../../../lib/validation/create-flow-schema';
import { assertRecordShape, undeclaredFields } from '../../helpers/record-shape';

const flow = {
  id: 'f1', name: 'n', targetWebsite: 'http://127.0.0.1/', overallObjective: null, initialRunMode: 'DETERMINISTIC', runMode: 'DETERMINISTIC',
  state: 'SUCCESS', nextState: null, browser: { using: { type: 'device', headless: true, endpoint: 'ws://***@h' } }, envVars: [], customTools: [],
  toolCallsOnStart: [{ name: 'click', parameters: { selector: '#a' } }], maxToolCalls: 10, gptConfigName: null, hasGptConfigNameOverride: false,
  progress: { toolCallsCompleted: 1, toolCallsFailed: 0, maxToolCalls: 10 }, tokenUsage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  createdAt: 1, startedAt: 2, completedAt: 3, imageIds: [], hasVideo: false,
  result: { success: true, summary: 'ok', error: null, healed: [{ step: 0, tool: 'click', kind: 'fallback', from: '#a', to: '#b', recorded: '#a', used: '#b', agreement: null }] },
};

test('a complete flow record passes; a field the schema does not name fails, with its path', () => {
  assertRecordShape(FlowMetadataSchema, flow, 'flow');
  assert.deepEqual(undeclaredFields(FlowMetadataSchema, { ...flow, secretField: 1 }), ['$.secretField']);
  const deep = { ...flow, result: { ...flow.result, healed: [{ ...flow.result.healed[0], extra: true }] } };
  assert.deepEqual(undeclaredFields(FlowMetadataSchema, deep), ['$.result.healed[0].extra']);
  assert.throws(() => assertRecordShape(FlowMetadataSchema, { ...flow, state: 'DONE' }, 'flow'), /flow does not match its schema: state: /);
  assert.throws(() => assertRecordShape(FlowMetadataSchema, { ...flow, network: { rules: [{ url: '*', action: 'block', why: 1 }], har: false } }, 'flow'),
    /holds fields/);
});

test('tool-call records, the error body and the one "has ended"', () => {
  const call = {
    id: 'c', name: 'click', parameters: {}, source: 'USER', rationale: null, outcome: null, screenshotImageId: null, pageUrl: null, startedAt: 1, completedAt: null,
  };
  assertRecordShape(ToolCallRecordSchema, call, 'call');
  assert.deepEqual(undeclaredFields(ToolCallRecordSchema, { ...call, outcome: { success: true, message: '', data: { any: 1 }, selectors: null, selectorsTried: [{ selector: '#a', error: null, x: 1 }] } }),
    ['$.outcome.selectorsTried[0].x'], 'data is free; the trials are not');
  assertRecordShape(ErrorBodySchema, { code: 'NOT_FOUND', message: 'm', details: { issues: [] } }, 'error');
  assert.deepEqual(['SUCCESS', 'FAILED', 'RUNNING_ACTION'].map((state) => hasEnded({ state } as never)), [true, true, false]);
  assert.equal(isTerminal('PAUSED'), false);
});

test('the flow example of docs/api.md is a flow record', () => {
  const doc = readFileSync('docs/api.md', 'utf8');
  const section = doc.slice(doc.indexOf('### Flow metadata'));
  const example = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
  assertRecordShape(FlowMetadataSchema, JSON.parse(example), 'docs/api.md "Flow metadata"');
});

// What CreateFlow validates is what the record stores (create-flow.ts copies it): the input schema's output fits the record.
type Fits<A, B> = [A] extends [B] ? true : false;
const createFlowFitsRecord: [
  Fits<NonNullable<CreateFlow['network']>, NonNullable<FlowMetadata['network']>>,
  Fits<CreateFlow['customTools'], FlowMetadata['customTools']>,
  Fits<CreateFlow['toolCallsOnStart'], FlowMetadata['toolCallsOnStart']>,
  Fits<CreateFlow['initialRunMode'], FlowMetadata['initialRunMode']>,
] = [true, true, true, true];
void createFlowFitsRecord;
