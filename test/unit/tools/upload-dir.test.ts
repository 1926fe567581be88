/** uploadFile's refusals name the upload directory, so a person knows where the file has to be. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveUpload } from '../../../plugins/tools/browser/element-tools';

test('a missing file, or one outside it, fails naming the upload directory and its setting', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-uploads-'));
  try {
    writeFileSync(join(dir, 'cv.pdf'), 'x');
    assert.equal(resolveUpload(dir, 'cv.pdf'), join(dir, 'cv.pdf'));
    assert.throws(() => resolveUpload(dir, 'missing.pdf'), new RegExp(`^Error: File "missing.pdf" does not exist in the upload directory \\(${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, settings\\.flows\\.uploadDir\\); put it there`));
    assert.throws(() => resolveUpload(dir, '../etc/passwd'), /must name a file inside the upload directory \(.+, settings\.flows\.uploadDir\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
