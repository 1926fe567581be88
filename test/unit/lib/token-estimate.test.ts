import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEncoding } from 'js-tiktoken';
import { cutToTokens, estimateTokens } from '../../../lib/token-estimate/token-estimate';

const o200k = getEncoding('o200k_base');

test('the estimate follows the run rules: letters by 4, digits by 3, single spaces free, everything else 1', () => {
  assert.equal(estimateTokens(''), 0);
  assert.equal(estimateTokens('abcd'), 1);
  assert.equal(estimateTokens('abcde'), 2);
  assert.equal(estimateTokens('12345'), 2);
  assert.equal(estimateTokens('a b'), 2);
  assert.equal(estimateTokens('a  b'), 3);
  assert.equal(estimateTokens('[12] "x"\n'), 7);
  assert.equal(estimateTokens('日本語'), 3);
});

test('errs high against o200k on the kind of text observations are made of', () => {
  const samples = [
    'url: http://127.0.0.1:39427/site/login.html\ntitle: Login\n# Sign in\n[1] textbox "Username"\n[2] textbox "Password"\n[3] button "Sign in"',
    '[8] link "Subscribe" -> nytimes.com/subscripti…?campaignId=48JQY\n[14] link "Today’s Paper"\n[31] combobox "Country" value="Spain" options=[France, Spain, Italy, …+5]',
    'Alice | alice@example.com | 2026-11-22 | $1,234.56 | #A-1043\nBob | bob@example.com | 2026-11-21 | $99.00 | #A-1044',
    '腾讯网 新闻 视频 图片 军事 体育 NBA 娱乐 财经 股票 汽车 科技 数码 时尚 房产 家居 教育 文化',
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
    'São Paulo – Governo anuncia medidas; Zürich, Köln und Düsseldorf: 42 °C. Москва, Київ.',
  ];
  for (const text of samples) {
    const real = o200k.encode(text).length;
    assert.ok(estimateTokens(text) >= real, `${estimateTokens(text)} estimated < ${real} real for ${JSON.stringify(text.slice(0, 40))}`);
  }
});

test('cutToTokens keeps the longest prefix within the budget', () => {
  const text = 'word '.repeat(100);
  assert.equal(cutToTokens(text, 1000), text);
  const cut = cutToTokens(text, 10);
  assert.ok(estimateTokens(cut) <= 10);
  assert.ok(estimateTokens(text.slice(0, cut.length + 1)) > 10, 'one more character would not fit');
  assert.equal(cutToTokens(text, 0), '');
});
