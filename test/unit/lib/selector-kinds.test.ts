import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectsByIdOnly } from '../../../lib/export/selector-kinds';

test('recognises id-only selectors', () => {
  for (const s of ['#save', 'css=#save', '#mui-123', '[id="x"]', '[id=x]', 'button[id="x"]', '//*[@id="x"]', "//button[@id='x']", 'xpath=//*[@id="x"]', 'id("x")', '#a\\:b', 'button#save', 'id=save']) {
    assert.equal(selectsByIdOnly(s), true, s);
  }
});

test('keeps selectors that use more than the id', () => {
  for (const s of ['#save .icon', '[data-testid="save"]', 'role=button[name="Save"]', 'text="Save"', '//div[@id="x"]/button', '#a, #b']) {
    assert.equal(selectsByIdOnly(s), false, s);
  }
});
