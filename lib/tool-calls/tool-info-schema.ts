/**
 * One item of GET /api/tools, declared once: the route's OpenAPI answer,
 * the listing's TypeScript type and the web UI's generated `Tool` type
 * (`npm run generate:api-types`) all come from this schema.
 */
import * as v from 'valibot';

/** A tool as GET /api/tools lists it. */
export const ToolInfoSchema = v.object({
  name: v.pipe(v.string(), v.description('The name a tool call gives')),
  description: v.pipe(v.string(), v.description('What the tool does, as the model reads it')),
  inputSchema: v.pipe(v.record(v.string(), v.unknown()), v.description('JSON Schema of the tool input (an object)')),
});

/** A tool as GET /api/tools lists it. */
export type ToolInfo = v.InferOutput<typeof ToolInfoSchema>;
