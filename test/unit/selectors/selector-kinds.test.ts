import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isVolatileId, isVolatileValue, selectsByIdOnly } from '../../../plugins/drivers/playwright/selectors/selector-kinds';

describe('isVolatileId', () => {
  test('flags framework-generated and counter ids', () => {
    for (const id of [':r0:', ':R6ml9:', '«r1»', 'radix-:r3:', 'mui-123', 'ember45', 'ext-gen12', 'ext-comp-1001', 'yui_3_5_1_1_1', 'mat-input-0', 'headlessui-menu-button-1', 'ui-id-3', 'gwt-uid-7', 'j_idt12', 'react-select-2-input', 'item-1234', '550e8400-e29b-41d4-a716-446655440000', 'a3f9c2e1b7d4e5f6', 'x7k2m9q4z1', 'status-e69ccbb6', 'status-eacbbf6d', 'status-daefdbed', 'xcaaeaedc', 'xe69ccbb6', 'menu-1a2bcd', 'x4fa1b0']) {
      assert.equal(isVolatileId(id), true, id);
    }
  });

  test('keeps ids a person wrote', () => {
    for (const id of ['email', 'save-button', 'main-content', 'step-2', 'login_form', 'nav', 'mp4player2', 'h1-title', 'section10', 'added2cart', 'feed', 'added', 'decade', 'cafe', 'bead-42']) {
      assert.equal(isVolatileId(id), false, id);
    }
  });

  test('treats an empty id as unusable', () => {
    assert.equal(isVolatileId('  '), true);
  });
});

describe('isVolatileValue', () => {
  test('flags hashed class names and random tokens', () => {
    for (const value of ['css-1x2y3z', 'css-1x2y3z-Button', 'sc-bdVaJa', 'jsx-123', 'Button_primary__3xK9z', '_3xK9z', 'x-1a2b3c4d']) {
      assert.equal(isVolatileValue(value), true, value);
    }
  });

  test('keeps readable test ids', () => {
    for (const value of ['save-profile', 'login-button', 'row-42', 'user.email', 'bio-field']) {
      assert.equal(isVolatileValue(value), false, value);
    }
  });
});

describe('selectsByIdOnly', () => {
  test('recognises id-only selectors in CSS, engine and XPath forms', () => {
    for (const selector of ['#save', 'css=#save', 'button#save', '#a\\:b\\.c', '[id="save"]', "[id='save']", '*[id="x y"]', 'css=[id="save"]', 'id=save', '//*[@id="save"]', "//button[@id='save']", 'xpath=//*[@id="save"]', '(//*[@id="save"])[1]', 'id("save")', "xpath=id('save')"]) {
      assert.equal(selectsByIdOnly(selector), true, selector);
    }
  });

  test('leaves selectors that use anything else alone', () => {
    for (const selector of ['#form button', '#save > span', '.btn#save.primary', 'role=button[name="Save"]', '[data-testid="save"]', 'text="Save"', '//div[@id="x"]/button', '#save >> nth=0', 'input[name="id"]', 'internal:label="Id"s']) {
      assert.equal(selectsByIdOnly(selector), false, selector);
    }
  });
});
