/** Query, params and body schemas of the flow routes (they also feed the OpenAPI document). */
import * as v from 'valibot';
import { NameSchema, QueryBoolean, QueryInteger } from '../../../lib/validation/validation';
import { FLOW_STATES, RUN_MODES } from '../../../kernel/flows/flow-types';

export const FlowIdParams = v.object({ flowId: v.string() });
export const ImageParams = v.object({ flowId: v.string(), imageId: v.string() });
export const ToolCallParams = v.object({ flowId: v.string(), toolCallId: v.string() });
export const DownloadParams = v.object({ flowId: v.string(), downloadId: v.string() });

/** One kept download (GET /api/flows/{id}/downloads). */
export const DownloadDoc = v.object({
  id: v.string(),
  fileName: v.pipe(v.string(), v.description('The name the page suggested (path and control characters removed; env values as ${NAME})')),
  size: v.number(), sha256: v.pipe(v.string(), v.description('Hex SHA-256 of the bytes')),
  mimeType: v.pipe(v.string(), v.description('From the file name\'s extension (application/octet-stream when unknown)')),
  toolCallId: v.pipe(v.nullable(v.string()), v.description('The tool call during (or right after) which the page downloaded it')),
  createdAt: v.number(),
});

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

const BoxDoc = v.pipe(v.nullable(v.object({ x: v.number(), y: v.number(), width: v.number(), height: v.number(), viewportWidth: v.number(), viewportHeight: v.number() })),
  v.description('Where the element is in the viewport (CSS px), with the viewport size'));
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

/** Loose description of FlowMetadata for the OpenAPI document. */
export const FlowMetadataDoc = v.looseObject({
  id: v.string(), name: v.string(), targetWebsite: v.string(), state: v.picklist(FLOW_STATES),
  runMode: v.picklist(RUN_MODES), createdAt: v.number(),
  waitingFor: v.pipe(v.optional(v.nullable(v.string())),
    v.description('INITIALIZING: what the flow waits for ("a browser from http://grid:4444: ..."); null otherwise')),
  costUsd: v.pipe(v.optional(v.nullable(v.number())),
    v.description("Sum of the model calls' costUsd at their GPT configuration's prices; null (or absent in older records) while none had a price")),
});
export const FlowPageDoc = v.object({ flows: v.array(FlowMetadataDoc), nextPageToken: v.nullable(v.string()) });
export const ToolCallDoc = v.looseObject({
  id: v.string(), name: v.string(), parameters: v.record(v.string(), v.unknown()), source: v.picklist(['ON_START', 'LLM', 'USER']),
  tokenUsage: v.pipe(v.nullable(v.object({ inputTokens: v.number(), outputTokens: v.number(), totalTokens: v.number() })),
    v.description('Usage of the model answer that chose the call (LLM calls); null for ON_START and USER calls')),
  videoOffsetMs: v.pipe(v.nullable(v.number()), v.description('Position (ms) in the flow video of the newest frame when the call started; null without video')),
  costUsd: v.pipe(v.optional(v.nullable(v.number())),
    v.description("USD of tokenUsage at the prices of the GPT configuration the call ran with (inputCostPerMillionTokens, outputCostPerMillionTokens); null without prices")),
  console: v.pipe(v.optional(v.array(v.object({ level: v.picklist(['error', 'warning', 'pageerror']), text: v.string(), at: v.number() }))),
    v.description('Console errors and warnings and uncaught page errors since the previous call ended, until this one did (at most 30, texts cut to 500 characters; redacted); absent in older records and while the call runs')),
  network: v.pipe(v.optional(v.array(v.object({ method: v.string(), url: v.string(), status: v.nullable(v.number()), error: v.nullable(v.string()), durationMs: v.nullable(v.number()) }))),
    v.description('Requests answered 4xx/5xx (`status`) or failed (`error`) in the same time (at most 30, URLs cut to 500 characters, credentials masked)')),
  activityDropped: v.pipe(v.optional(v.object({ console: v.number(), network: v.number() })), v.description('How many more entries there were than were kept; absent when none')),
  outcome: v.nullable(v.looseObject({
    success: v.boolean(), message: v.string(), data: v.unknown(), selectors: v.nullable(v.array(v.string())),
    box: v.pipe(v.optional(BoxDoc), v.description('Element steps: where the element was in the viewport as the step found it (the picture before the step shows it there)')),
    selectorUsed: v.pipe(v.optional(v.nullable(v.string())), v.description('Element steps: the candidate that gave the element acted on; null when none did')),
    selectorsTried: v.pipe(v.optional(v.nullable(v.array(v.object({ selector: v.string(), error: v.nullable(v.string()) })))),
      v.description('Element steps: the candidates in the order tried, ending with the one used (error null), or all with their reasons when none matched')),
  })),
});
export const ObservationDoc = v.object({
  flowId: v.string(), url: v.string(), title: v.string(), text: v.string(), refCount: v.number(), truncated: v.boolean(),
  screenshot: v.optional(v.string()), at: v.number(),
});
