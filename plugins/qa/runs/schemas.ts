/** valibot schemas of the runs plugin's paths, queries, bodies and answers (they feed the OpenAPI document too). */
import * as v from 'valibot';
import { QueryInteger, TagSchema, TagsSchema } from '../../../lib/validation/validation';
import { HEAL_STATES, RUN_STATES } from '../../../lib/qa/run-types';

/** Suite names: 1..100 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit (they are path segments). */
export const SuiteNameSchema = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(100, 'must be at most 100 characters'),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must start with a letter or digit and contain only letters, digits, ".", "_" and "-"'),
);

const FlowIdList = v.pipe(v.array(v.pipe(v.string('expected a flow id'), v.maxLength(100, 'must be at most 100 characters'))), v.maxLength(500, 'at most 500 flow ids'));
const TagList = v.pipe(v.array(TagSchema, 'expected an array of strings'), v.maxLength(20, 'at most 20 tags'));
const Repeat = v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'must be from 1 to 10'), v.maxValue(10, 'must be from 1 to 10'));
const Concurrency = v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'must be from 1 to 32'), v.maxValue(32, 'must be from 1 to 32'));
const BaseUrl = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(2048, 'must be at most 2048 characters'),
  v.description('Replaces the recorded origin of every flow (its path, if any, goes before the recorded path)'));
const Limit = (max: number, fallback: number) => v.optional(v.pipe(QueryInteger, v.minValue(1, `must be from 1 to ${max}`), v.maxValue(max, `must be from 1 to ${max}`)), fallback);
const PageToken = v.optional(v.pipe(v.string(), v.maxLength(1000)));

export const RunIdParams = v.object({ runId: v.string() });
export const HealIdParams = v.object({ healId: v.string() });
export const SuiteParams = v.object({ name: SuiteNameSchema });
export const FlowIdParams = v.object({ flowId: v.string() });

export const StartRunBody = v.strictObject({
  suite: v.optional(SuiteNameSchema),
  flowIds: v.optional(FlowIdList),
  tags: v.optional(TagList),
  repeat: v.optional(Repeat),
  concurrency: v.optional(Concurrency),
  baseUrl: v.optional(BaseUrl),
  trigger: v.optional(v.pipe(v.picklist(['api', 'cli'], 'expected api or cli'), v.description('Who starts the run (default api; `browserflow test` sends cli)'))),
});

export const RunListQuery = v.strictObject({
  suite: v.optional(SuiteNameSchema),
  state: v.optional(v.picklist(RUN_STATES, `expected one of ${RUN_STATES.join(', ')}`)),
  limit: Limit(100, 20),
  pageToken: PageToken,
});

export const HealListQuery = v.strictObject({
  state: v.optional(v.picklist(HEAL_STATES, `expected one of ${HEAL_STATES.join(', ')}`)),
  runId: v.optional(v.pipe(v.string(), v.maxLength(100))),
  flowId: v.optional(v.pipe(v.string(), v.maxLength(100))),
  limit: Limit(100, 50),
  pageToken: PageToken,
});

export const SuiteBody = v.strictObject({
  tags: v.optional(TagList),
  flowIds: v.optional(FlowIdList),
  repeat: v.optional(Repeat),
  concurrency: v.optional(v.nullable(Concurrency)),
  baseUrl: v.optional(v.nullable(BaseUrl)),
  schedule: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters'),
    v.description('Cron expression, five fields (minute hour day-of-month month day-of-week); null: not scheduled')))),
  timezone: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100, 'must be at most 100 characters'), v.description('IANA time zone of the schedule (default: the service\'s)')))),
});

export const TagsBody = v.strictObject({ tags: TagsSchema });
