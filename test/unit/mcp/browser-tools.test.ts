/** How an API tool becomes an MCP tool: its own schema plus flowId and screenshot; the control tools and clashing names left out. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { browserTool } from '../../../lib/mcp/browser-tools';
import { describeCall } from '../../../lib/mcp/answers';

const click = {
  name: 'click', description: 'Click an element.',
  inputSchema: { type: 'object', properties: { selector: { type: 'string' } }, required: ['selector'], additionalProperties: false },
};

describe('lib/mcp browser tools', () => {
  test('keeps the API schema (required, additionalProperties) and adds flowId and screenshot', () => {
    const tool = browserTool(click)!;
    assert.equal(tool.name, 'click');
    assert.deepEqual(tool.inputSchema.required, ['selector']);
    assert.equal(tool.inputSchema.additionalProperties, false);
    assert.deepEqual(Object.keys(tool.inputSchema.properties as object), ['selector', 'flowId', 'screenshot']);
    assert.equal(tool.description, 'Click an element. Element: ref=N or a selector.');
  });

  test('a tool without parameters gets an object schema with only the extra ones', () => {
    const tool = browserTool({ name: 'reload', description: 'Reload.', inputSchema: {} })!;
    assert.equal(tool.inputSchema.type, 'object');
    assert.deepEqual(Object.keys(tool.inputSchema.properties as object), ['flowId', 'screenshot']);
    assert.doesNotMatch(tool.description, /ref=N/);
  });

  test('the control tools (flow_finish replaces them) and tools whose parameters clash are not offered', () => {
    assert.equal(browserTool({ ...click, name: 'markObjectiveComplete' }), null);
    assert.equal(browserTool({ ...click, name: 'markObjectiveNotCompletable' }), null);
    assert.equal(browserTool({ ...click, name: 'custom', inputSchema: { type: 'object', properties: { flowId: { type: 'string' } } } }), null);
  });

  test('an outcome reads as one line, with its data cut', () => {
    assert.equal(describeCall({ id: '1', name: 'click', parameters: {}, pageUrl: null, outcome: { success: false, message: 'No element', data: null, selectors: null } }),
      '✗ click failed: No element');
    const long = describeCall({ id: '1', name: 'extractText', parameters: {}, pageUrl: null, outcome: { success: true, message: 'Read', data: 'x'.repeat(5000), selectors: null } });
    assert.equal(long, `✓ extractText: Read\n${'x'.repeat(4000)}…`);
    assert.equal(describeCall({ id: '1', name: 'wait', parameters: {}, pageUrl: null, outcome: null }), '… wait: did not finish');
  });
});
