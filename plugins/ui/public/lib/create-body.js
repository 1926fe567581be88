// The CreateFlow bodies of the UI: the New flow form's values (and every
// problem the API would find in them), tool calls pasted as JSON, and what
// a rerun of a flow replays.

import { paramProblems } from '../components/schema-form.js';

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

/**
 * Every problem the API would answer for this form, at once, by field (as the API names them):
 * checked before sending, so a person fixes them all in one go.
 * @param {FormState} s
 * @param {import('./api-records.js').Tool[]} tools
 * @returns {Record<string, string>}
 */
export function formProblems(s, tools) {
  /** @type {Record<string, string>} */
  const out = {};
  if (!s.name.trim()) out.name = 'must not be empty';
  else if (s.name.length > 200) out.name = `must be at most 200 characters (it has ${s.name.length})`;
  const target = s.target.trim();
  if (!target) out.targetWebsite = 'is required';
  else if (!/^(https?|file):\/\/\S/i.test(target)) out.targetWebsite = 'expected an absolute http or https URL';
  if (s.mode === 'AUTONOMOUS' && !s.objective.trim()) out.overallObjective = 'is required for AUTONOMOUS flows';
  const max = Number(s.maxToolCalls);
  if (!Number.isInteger(max) || max < 1 || max > 1000) out.maxToolCalls = 'must be a whole number from 1 to 1000';
  if (s.mode !== 'DETERMINISTIC') return out;
  if (Number.isInteger(max) && s.calls.length > max) out.toolCallsOnStart = `${s.calls.length} tool calls exceed maxToolCalls (${max})`;
  s.calls.forEach((c, i) => {
    const tool = tools.find((t) => t.name === c.name);
    if (!tool) {
      out[`toolCallsOnStart[${i}].name`] = `unknown tool "${c.name}"`;
      return;
    }
    for (const [k, m] of Object.entries(paramProblems(tool.inputSchema, c.parameters))) out[`toolCallsOnStart[${i}].parameters.${k}`] = m;
    const unlisted = [...new Set([...JSON.stringify(c.parameters).matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]))].filter((n) => !s.env.includes(n));
    if (unlisted.length) out[`toolCallsOnStart[${i}].parameters`] = `${unlisted.map((n) => `\${${n}}`).join(', ')} ${unlisted.length === 1 ? 'is' : 'are'} used but not checked under Environment variables`;
  });
  return out;
}

/**
 * What a rerun of `flow` replays: the calls that passed (control tools such as markObjectiveComplete
 * left out, as the API does), and for a FAILED flow the step that failed it, when the API puts it last
 * (a failed DETERMINISTIC call, or the model's last failing call; a cancel is no failed step).
 * @param {import('./api-records.js').Flow} flow @param {import('./api-records.js').ToolCall[]} calls
 */
export function rerunPlan(flow, calls) {
  const passed = calls.filter((c) => c.outcome?.success && !c.name.startsWith('markObjective')).length;
  const last = calls.at(-1);
  const code = flow.result?.error?.code ?? '';
  const failed = flow.state === 'FAILED' && last?.outcome?.success === false && (code === 'TOOL_CALL_FAILED' || code === 'AGENT_STUCK') ? calls.length : 0;
  return { passed, failed, tool: failed ? last?.name : '' };
}

/**
 * Reads pasted JSON: `[calls]`, `{ toolCallsOnStart: [calls] }` or one call.
 * @param {string} text
 * @returns {Array<{ name: string, parameters: Record<string, unknown> }>}
 */
export function parseCalls(text) {
  const value = JSON.parse(text);
  const list = Array.isArray(value) ? value : Array.isArray(value?.toolCallsOnStart) ? value.toolCallsOnStart : [value];
  return list.map((/** @type {any} */ c, /** @type {number} */ i) => {
    if (!c || typeof c !== 'object' || typeof c.name !== 'string') throw new Error(`call ${i + 1}: expected an object with a "name"`);
    if (c.parameters !== undefined && (typeof c.parameters !== 'object' || c.parameters === null || Array.isArray(c.parameters))) {
      throw new Error(`call ${i + 1}: "parameters" must be an object`);
    }
    return { name: c.name, parameters: c.parameters ?? {} };
  });
}
