/**
 * Query, params and body schemas of the flow routes, and the answers only
 * they give (they also feed the OpenAPI document). The flow, tool-call and
 * download records are lib/validation/flow-record-schema.ts's.
 */
import * as v from 'valibot';
import { NameSchema, QueryBoolean, QueryInteger } from '../../../lib/validation/validation';
import { FLOW_STATES, RUN_MODES } from '../../../kernel/flows/flow-types';
import { ElementBoxSchema } from '../../../lib/validation/flow-record-schema';

export const FlowIdParams = v.object({ flowId: v.string() });
export const ImageParams = v.object({ flowId: v.string(), imageId: v.string() });
export const ToolCallParams = v.object({ flowId: v.string(), toolCallId: v.string() });
export const DownloadParams = v.object({ flowId: v.string(), downloadId: v.string() });

export const ListQuery = v.strictObject({
  name: v.optional(NameSchema),
  nameContains: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'),
    v.description('Part of the name, case-insensitive (combines with the other filters and the cursor)'))),
  tag: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(50, 'must be at most 50 characters'), v.description('Flows carrying this tag'))),
  startedAfter: v.optional(QueryInteger),
  startedBefore: v.optional(QueryInteger),
  runMode: v.optional(v.picklist(RUN_MODES, `expected one of ${RUN_MODES.join(', ')}`)),
  initialRunMode: v.pipe(v.optional(v.picklist(RUN_MODES, `expected one of ${RUN_MODES.join(', ')}`)),
    v.description('The mode the flow was started in (`runMode` is the mode it runs in now, after a switch)')),
  state: v.optional(v.picklist([...FLOW_STATES, 'RUNNING'], `expected RUNNING or one of ${FLOW_STATES.join(', ')}`)),
  limit: v.optional(v.pipe(QueryInteger, v.minValue(1, 'must be from 1 to 100'), v.maxValue(100, 'must be from 1 to 100')), 100),
  pageToken: v.optional(v.pipe(v.string(), v.maxLength(1000))),
});

export const RenameBody = v.strictObject({ name: NameSchema });

export const RerunQuery = v.strictObject({
  areElementIdsVolatile: v.optional(QueryBoolean, false),
  disableSelectorFailover: v.optional(QueryBoolean, false),
  onlySuccessful: v.pipe(v.optional(QueryBoolean, false),
    v.description('FAILED flows: leave out the call that failed the flow (by default it comes last, so the rerun fails where the flow failed)')),
});

const SlowMo = v.pipe(v.number(), v.minValue(0, 'must be >= 0'), v.maxValue(60_000, 'must be at most 60000'));

export const CodeQuery = v.strictObject({
  runInHeadedMode: v.optional(QueryBoolean, false),
  slowMotionDelay: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'expected a number'), v.transform(Number))]), SlowMo), 0),
  disableSelfHealingTests: v.optional(QueryBoolean, false),
  testScriptVariant: v.optional(v.picklist(['plain', 'ai'], 'expected plain or ai'), 'plain'),
  language: v.optional(v.picklist(['javascript', 'typescript'], 'expected javascript or typescript'), 'javascript'),
});

export const ProjectBody = v.strictObject({
  flowIds: v.pipe(v.array(v.string('expected a flow id')), v.minLength(1, 'needs at least one flow id'), v.maxLength(100, 'at most 100 flows')),
  options: v.optional(v.strictObject({
    runInHeadedMode: v.optional(v.boolean(), false),
    slowMotionDelay: v.optional(SlowMo, 0),
    disableSelfHealingTests: v.optional(v.boolean(), false),
    testScriptVariant: v.optional(v.picklist(['plain', 'ai'], 'expected plain or ai'), 'plain'),
    language: v.optional(v.picklist(['javascript', 'typescript'], 'expected javascript or typescript'), 'javascript'),
  }), {}),
});

export const ToolCallBody = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  parameters: v.optional(v.record(v.string(), v.unknown(), 'expected an object'), {}),
});

export const ObservationQuery = v.strictObject({ screenshot: v.optional(QueryBoolean, false) });

const Coordinate = v.pipe(QueryInteger, v.minValue(0, 'must be from 0 to 100000'), v.maxValue(100_000, 'must be from 0 to 100000'));
export const ElementAtQuery = v.strictObject({
  x: v.pipe(Coordinate, v.description('CSS pixels from the left of the live page\'s viewport')),
  y: v.pipe(Coordinate, v.description('CSS pixels from the top of the live page\'s viewport')),
});

export const SelectorTestBody = v.strictObject({
  selector: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(2000, 'must be at most 2000 characters'),
    v.description('One selector candidate, in the syntax of tool-call selectors (`#id`, `text=`, `role=`, `ref=12`...); `${NAME}` is filled in')),
});

const BoxDoc = v.pipe(v.nullable(ElementBoxSchema), v.description('Where the element is in the viewport (CSS px), with the viewport size'));
const ElementDescriptionDoc = v.object({
  description: v.pipe(v.string(), v.description('`button "Save"`: the ARIA role (else the tag) and accessible name')),
  tag: v.string(), role: v.string(), name: v.string(), visible: v.boolean(), box: BoxDoc,
});
export const ElementAtDoc = v.object({
  x: v.number(), y: v.number(),
  element: v.nullable(v.object({
    ...ElementDescriptionDoc.entries,
    selectors: v.pipe(v.array(v.string()), v.description('Verified candidates, best first, as an action on the element would record them (empty when none could be verified: an element of a frame on WebDriver)')),
    inFrame: v.boolean(),
  })),
});
export const SelectorTestDoc = v.object({
  selector: v.string(),
  count: v.pipe(v.number(), v.description('How many elements match now')),
  elements: v.pipe(v.array(ElementDescriptionDoc), v.description('The first matches (at most 10), in document order')),
});

export const RunModeBody = v.strictObject({
  runMode: v.picklist(RUN_MODES, `expected one of ${RUN_MODES.join(', ')}`),
  gptConfigName: v.pipe(v.optional(NameSchema),
    v.description('AUTONOMOUS: the GPT configuration to run with from now on (default: the flow\'s own, else the flow-runner agent\'s)')),
});

export const ObservationDoc = v.object({
  flowId: v.string(), url: v.string(), title: v.string(), text: v.string(), refCount: v.number(), truncated: v.boolean(),
  screenshot: v.optional(v.string()), at: v.number(),
});
