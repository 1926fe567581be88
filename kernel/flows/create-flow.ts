/**
 * POST /api/flows after its body passed the one CreateFlow schema
 * (lib/validation/create-flow-schema.ts): the checks that need storage or
 * the tools (tool calls, env vars, GPT configuration), then the initial
 * record. Everything is checked before anything is written.
 */
import { randomUUID } from 'node:crypto';
import { invalidRequest, apiError } from '../errors';
import type { CreateFlow } from '../../lib/validation/create-flow-schema';
import type { BrowserDriver, DriverFeature, NetworkRule } from '../contracts/browser-driver';
import type { AutonomousAgent } from '../contracts/autonomous-agent';
import type { Storage } from '../contracts/storage';
import type { KernelSettings } from '../config';
import type { BrowserConfig, FlowMetadata } from './flow-types';
import { findPlaceholders } from '../../lib/redaction/env-placeholders';
import { OriginPolicy } from '../../lib/origins/origin-patterns';
import type { ToolRegistry } from '../../lib/custom-tools/tool-registry';
import { checkToolCall } from '../../lib/tool-calls/tool-call-check';
import { checkJsonSchema } from '../../lib/json-schema/schema-check';

const FEATURE_WORDS: Record<DriverFeature, string> = {
  'network.rules': 'apply network rules (it has no request interception: classic WebDriver, without BiDi or DevTools events)',
  'network.har': 'record a HAR',
  trace: 'record a Playwright trace',
};

export interface CreateFlowDeps {
  storage: Storage;
  drivers: BrowserDriver[];
  tools: ToolRegistry;
  settings: KernelSettings;
  /** The AUTONOMOUS_AGENT, whose name holds the GPT configuration assignment; null when no plugin provides one. */
  agent: AutonomousAgent | null;
}

function checkUrl(url: string, allowFile: boolean): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidRequest('targetWebsite: expected an absolute http or https URL');
  }
  const ok = parsed.protocol === 'http:' || parsed.protocol === 'https:' || (allowFile && parsed.protocol === 'file:');
  if (!ok) throw invalidRequest(`targetWebsite: scheme "${parsed.protocol}" is not allowed; use http or https${allowFile ? ' or file' : ''}`);
}

/** Checks a CreateFlow (already valid against `createFlowSchema`) against the service and builds the initial record (state UNSTARTED). */
export async function buildFlow(input: CreateFlow, deps: CreateFlowDeps): Promise<FlowMetadata> {
  const { settings, storage, tools } = deps;
  checkUrl(input.targetWebsite, settings.flows.allowFileUrls);
  if (input.initialRunMode === 'AUTONOMOUS' && !input.overallObjective?.trim()) {
    throw invalidRequest('overallObjective: is required for AUTONOMOUS flows');
  }
  // No browser named: the default the driver set offers (BrowserDriver.defaultUsing), never a name of the kernel's.
  const using = (input.browser?.using as BrowserConfig | undefined) ?? deps.drivers.find((d) => d.defaultUsing)?.defaultUsing;
  if (!using) throw invalidRequest('browser.using: is required (no loaded driver offers a default browser)');
  const driver = deps.drivers.find((d) => d.type === using.type);
  if (!driver) throw invalidRequest(`browser.using.type: no driver for "${using.type}" is loaded`);
  driver.validate?.(using);
  if (input.allowedOrigins) {
    const problem = driver.navigationPolicyProblem ? driver.navigationPolicyProblem(using) : `the "${using.type}" driver cannot block navigations`;
    if (problem) throw invalidRequest(`allowedOrigins: ${problem}; leave allowedOrigins out or use a browser that can enforce it`);
    const target = new URL(input.targetWebsite);
    if (target.protocol !== 'file:' && !new OriginPolicy(input.allowedOrigins).allows(target.origin)) {
      throw invalidRequest(`allowedOrigins: ${input.allowedOrigins.join(', ')} do not include the targetWebsite's origin ${target.origin}`);
    }
  }
  // What the flow asks beyond the contract, the driver must do (else 400 naming the field, and which drivers can).
  const asked: Array<[DriverFeature, boolean]> = [['network.rules', (input.network?.rules.length ?? 0) > 0], ['network.har', input.network?.har === true], ['trace', input.trace === true]];
  for (const [feature, wanted] of asked) {
    if (!wanted || driver.supports?.includes(feature)) continue;
    const able = deps.drivers.filter((d) => d.supports?.includes(feature)).map((d) => d.type);
    throw invalidRequest(`${feature}: the ${using.type} driver cannot ${FEATURE_WORDS[feature]}${able.length ? `; use ${able.join(', ')}` : ''}`);
  }

  let profileFromFlowId: string | null = null;
  if (input.profile) {
    const stored = await storage.profiles.get(input.profile);
    if (!stored) throw apiError('PROFILE_NOT_FOUND', { name: input.profile, field: 'profile' });
    profileFromFlowId = stored.flowId;
  }

  const schemaProblem = input.resultSchema ? checkJsonSchema(input.resultSchema, 'resultSchema') : null;
  if (schemaProblem) throw invalidRequest(schemaProblem);

  const names = new Set<string>();
  input.customTools.forEach((t, i) => {
    if (tools.builtins.has(t.name)) throw invalidRequest(`customTools[${i}].name: "${t.name}" is a built-in tool`);
    if (names.has(t.name)) throw invalidRequest(`customTools[${i}].name: "${t.name}" is defined twice`);
    names.add(t.name);
  });
  const available = tools.forFlow(input.customTools);
  // Every call's problem in one answer (`details.issues`), so a form can mark them all at once.
  const problems: string[] = [];
  for (const [i, call] of input.toolCallsOnStart.entries()) {
    const checked = await checkToolCall(available, input.envVars, call);
    if (!checked.ok) problems.push(`toolCallsOnStart[${i}].${checked.problem}`);
  }
  if (problems.length) throw invalidRequest(problems[0]!, { issues: problems.slice(0, 20) });
  const listed = new Set(input.envVars);
  // Browser settings take placeholders too (a proxy password): filled in only when the browser starts.
  for (const name of findPlaceholders(using)) {
    if (!listed.has(name)) throw invalidRequest(`browser.using: \${${name}} is used but "${name}" is not listed in envVars`);
  }
  const totpEnvVars: string[] = [];
  for (const [i, name] of input.envVars.entries()) {
    if ((await storage.env.get(name)) === undefined) throw invalidRequest(`envVars[${i}]: environment variable "${name}" does not exist (create it with POST /api/env/${name})`);
    if ((await storage.envKinds.get(name)) === 'totp') totpEnvVars.push(name);
  }

  const gptConfigName = await chooseGptConfig(storage, deps.agent, input.gptConfigNameOverride ?? null, input.initialRunMode === 'AUTONOMOUS');
  const maxToolCalls = input.maxToolCalls ?? settings.flows.defaultMaxToolCalls;
  if (input.toolCallsOnStart.length > maxToolCalls) {
    throw invalidRequest(`toolCallsOnStart: ${input.toolCallsOnStart.length} tool calls exceed maxToolCalls (${maxToolCalls})`);
  }
  const { name, targetWebsite, initialRunMode, envVars, customTools, toolCallsOnStart } = input;
  return {
    id: randomUUID(), name, targetWebsite, overallObjective: input.overallObjective ?? null, initialRunMode, runMode: initialRunMode,
    state: 'UNSTARTED', nextState: null, waitingFor: null, browser: { using }, allowedOrigins: input.allowedOrigins ?? null, envVars, ...(totpEnvVars.length ? { totpEnvVars } : {}), customTools, toolCallsOnStart,
    ...(input.profile ? { profile: input.profile, profileFromFlowId } : {}), ...(input.saveProfileAs ? { saveProfileAs: input.saveProfileAs } : {}),
    ...(input.network && (input.network.rules.length || input.network.har) ? { network: { rules: input.network.rules as NetworkRule[], har: input.network.har } } : {}),
    ...(input.trace ? { trace: true } : {}),
    ...(input.resultSchema ? { resultSchema: input.resultSchema } : {}), maxToolCalls, gptConfigName, hasGptConfigNameOverride: Boolean(input.gptConfigNameOverride),
    progress: { toolCallsCompleted: 0, toolCallsFailed: 0, maxToolCalls },
    tokenUsage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    createdAt: Date.now(), startedAt: null, completedAt: null, result: null, imageIds: [], hasVideo: false,
    tags: input.tags ?? [],
  };
}

/**
 * The GPT configuration of a flow: the override, else the one assigned to
 * the autonomous agent's name (AutonomousAgent.name). Required for
 * AUTONOMOUS; checked to exist whenever named.
 */
export async function chooseGptConfig(storage: Storage, agent: AutonomousAgent | null, override: string | null, required: boolean): Promise<string | null> {
  const name = override ?? (agent ? await storage.agents.get(agent.name) : undefined) ?? null;
  if (!name) {
    if (!required) return null;
    const assign = agent ? `, or assign one to the ${agent.name} agent with POST /api/agents/${agent.name} {"gptConfigName": "..."}` : ' (no plugin provides the autonomous agent, so none is assigned)';
    throw invalidRequest(`gptConfigNameOverride: AUTONOMOUS flows need a GPT configuration: set gptConfigNameOverride${assign}`);
  }
  if (!(await storage.gptConfigs.get(name))) {
    throw apiError('GPT_CONFIG_NOT_FOUND', { name, assignedTo: override ? undefined : agent?.name });
  }
  return name;
}

