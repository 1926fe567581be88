/**
 * The one declaration of a browser profile as GET /api/profiles answers it:
 * what the profile is, never a cookie or storage value. The type
 * (`v.InferOutput`), the OpenAPI component `ProfileSummary` and the web
 * UI's JSDoc type (plugins/ui/public/lib/api-records.d.ts,
 * `npm run generate:api-types`) all come from this schema.
 */
import * as v from 'valibot';

/** A description for the OpenAPI document and the generated UI types. */
const doc = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

/** What a read shows of a profile (plugins/routes/config/profile-store.ts `summarise`). */
export const ProfileSummarySchema = v.object({
  name: v.string(),
  origins: doc(v.array(v.string()), 'The sites it holds state for: its local storage origins, and `scheme://host` of cookies of other hosts, sorted'),
  cookieCount: v.number(),
  localStorageCount: doc(v.number(), 'Local storage entries over all origins'),
  earliestCookieExpiry: doc(v.nullable(v.number()), 'When its first expiring cookie expires (ms since the epoch); null when none expires (session cookies only, or none)'),
  flowId: doc(v.nullable(v.string()), 'The flow that saved it (saveProfileAs); null when imported'),
  createdAt: v.number(),
});
export type ProfileSummary = v.InferOutput<typeof ProfileSummarySchema>;
