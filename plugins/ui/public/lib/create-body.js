// The CreateFlow body (POST /api/flows) of the New flow form's values.

/**
 * @typedef {{ name: string, target: string, mode: string, objective: string, gpt: string, env: string[], browser: string,
 *   headless: boolean, device: string, url: string, maxToolCalls: string, calls: Array<{ name: string, parameters: Record<string, unknown> }>,
 *   profile?: string, saveProfileAs?: string }} FormState
 */

/** The body; the API validates it (a bad number is sent as typed, so its error names the field). @param {FormState} s */
export function createBody(s) {
  /** @type {Record<string, unknown>} */
  const using = { type: s.browser };
  if (s.browser === 'device' || s.browser === 'webdriver') using.headless = s.headless;
  if (s.browser === 'device' && s.device.trim()) using.deviceName = s.device.trim();
  if ((s.browser === 'webdriver' || s.browser === 'remoteInstance') && s.url.trim()) using.url = s.url.trim();
  /** @type {Record<string, unknown>} */
  const body = { name: s.name, targetWebsite: s.target.trim(), initialRunMode: s.mode, browser: { using } };
  if (s.mode !== 'DETERMINISTIC' && s.objective.trim()) body.overallObjective = s.objective;
  if (s.mode !== 'DETERMINISTIC' && s.gpt) body.gptConfigNameOverride = s.gpt;
  if (s.env.length) body.envVars = s.env;
  if (s.mode === 'DETERMINISTIC') body.toolCallsOnStart = s.calls;
  if (s.profile) body.profile = s.profile;
  if (s.saveProfileAs?.trim()) body.saveProfileAs = s.saveProfileAs.trim();
  const max = Number(s.maxToolCalls);
  body.maxToolCalls = s.maxToolCalls.trim() && Number.isFinite(max) ? max : s.maxToolCalls;
  return body;
}

