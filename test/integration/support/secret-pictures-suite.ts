/**
 * No env value is readable in any picture the service keeps or streams:
 * step screenshots, every frame of the video, every live frame of the event
 * stream, on both drivers (Playwright with its screencast video, WebDriver
 * with screenshots), read back with Debian's tesseract OCR. A flow types
 * `${API_TOKEN}` into a token field and `alice.${API_TOKEN}` into a username
 * field of a page that echoes both in large text, then a control word into
 * a note field echoed the same way: the control word must be read, the
 * token never. A flow that types the same value without it being an env
 * variable of the flow shows OCR does read it when nothing masks it.
 * On the Playwright driver the flow also records a trace, whose screencast
 * frames are read the same way. (test/integration/secrets-pictures*.test.ts
 * run it on each driver.)
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startService, type RunningService } from '../../helpers/service';
import { startTwoOrigins, type TwoOrigins } from '../../fixtures/secrets/two-origins';
import { isFinished, waitForFlow } from './flows';
import { readEvents } from './sse';
import { readZipEntries } from '../../../lib/recordings/trace-zip';

const run = promisify(execFile);
const TOKEN = 'ZEBRA7Q4TOKEN9931';
const CONTROL = 'PINEAPPLE-CONTROL-7781';
const hasTools = existsSync('/usr/bin/tesseract') && existsSync('/usr/bin/chromium');

/** What OCR confuses, folded the same way on both sides; only letters and digits kept. */
const fold = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');

/** Whether the OCR text shows any 7 consecutive characters of the token. */
function showsToken(ocr: string): boolean {
  const text = fold(ocr);
  const token = fold(TOKEN);
  for (let i = 0; i + 7 <= token.length; i++) if (text.includes(token.slice(i, i + 7))) return true;
  return false;
}

const showsControl = (ocr: string): boolean => fold(ocr).includes(fold('PINEAPPLE'));

/** Reads the pictures (files), two at a time: the machine is shared. */
async function ocrAll(files: string[]): Promise<string[]> {
  const out: string[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      out[i] = (await run('tesseract', [files[i]!, 'stdout'], { maxBuffer: 4 * 1024 * 1024 })).stdout;
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/** The suite on one driver (a test file per driver, so they run side by side). */
export function describeSecretPictures(driver: 'device' | 'webdriver'): void {
  describe(`no env value readable in the pictures: ${driver} driver`, { skip: hasTools ? false : 'needs tesseract and /usr/bin/chromium' }, () => {
    let svc: RunningService;
    let site: TwoOrigins;
    let dir: string;

    before(async () => {
      site = await startTwoOrigins();
      dir = await mkdtemp(join(tmpdir(), 'bf-ocr-'));
      svc = await startService({
        settings: { flows: { video: true, screenshots: true } },
        // The Playwright drivers' screencast: every repaint becomes a frame, the page's own masking is all there is.
        configOverrides: (config) => ({ ...config, plugins: config.plugins.map((p) => (p.use.endsWith('drivers/playwright') ? { ...p, config: { videoSource: 'screencast' } } : p)) }),
      });
      assert.equal((await svc.request('POST', '/api/env/API_TOKEN', { value: TOKEN })).status, 200);
    });
    after(async () => {
      await svc?.stop();
      await site?.close();
      if (dir && !process.env.KEEP_OCR) await rm(dir, { recursive: true, force: true });
    });

    test('step screenshots, video frames and live frames mask the value; the control word stays readable', async () => {
      const created = await svc.request('POST', '/api/flows', {
        name: `pictures ${driver}`, targetWebsite: `${site.good}/token`, initialRunMode: 'DETERMINISTIC', envVars: ['API_TOKEN'],
        browser: { using: { type: driver } },
        // The Playwright trace's screencast frames are pictures too (issue 24): painted from the same masked page.
        ...(driver === 'device' ? { trace: true } : {}),
        toolCallsOnStart: [
          { name: 'type', parameters: { selector: '#token', text: '${API_TOKEN}' } },
          { name: 'wait', parameters: { ms: 800 } },
          { name: 'type', parameters: { selector: '#username', text: 'alice.${API_TOKEN}' } },
          { name: 'wait', parameters: { ms: 800 } },
          { name: 'type', parameters: { selector: '#note', text: CONTROL } },
          { name: 'wait', parameters: { ms: 2000 } },
        ],
      });
      assert.equal(created.status, 201, created.text);
      const id = created.body.id;
      const stream = readEvents(`${svc.url}/api/flows/${id}/events`, 240_000);
      const flow = await waitForFlow(svc, id, isFinished, 240_000);
      assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
      const { events } = await stream;

      const shots: string[] = [];
      for (const call of (await svc.request('GET', `/api/flows/${id}/tool-calls`)).body) {
        const file = join(dir, `${driver}-step-${shots.length}.png`);
        await writeFile(file, (await svc.request('GET', `/api/flows/${id}/images/${call.screenshotImageId}`)).raw);
        shots.push(file);
      }
      const live: string[] = [];
      for (const e of events.filter((ev) => ev.event === 'frame')) {
        const file = join(dir, `${driver}-live-${live.length}.${e.data.mimeType === 'image/jpeg' ? 'jpg' : 'png'}`);
        await writeFile(file, Buffer.from(e.data.data, 'base64'));
        live.push(file);
      }
      const video = await svc.request('GET', `/api/flows/${id}/video`);
      assert.equal(video.status, 200);
      const webm = join(dir, `${driver}.webm`);
      await writeFile(webm, video.raw);
      await run('ffmpeg', ['-loglevel', 'error', '-i', webm, '-vf', 'fps=2', join(dir, `${driver}-video-%03d.png`)]);
      const frames = (await readdir(dir)).filter((f) => f.startsWith(`${driver}-video-`)).sort().map((f) => join(dir, f));

      assert.ok(shots.length === 6, `${shots.length} step screenshots`);
      assert.ok(live.length >= 3, `${live.length} live frames`);
      assert.ok(frames.length >= 4, `${frames.length} video frames`);
      const read = async (files: string[], what: string) => {
        const texts = await ocrAll(files);
        texts.forEach((text, i) => assert.ok(!showsToken(text), `${what} ${files[i]} shows the token: ${JSON.stringify(text)}`));
        return texts;
      };
      const [shotTexts, liveTexts, frameTexts] = [await read(shots, 'step screenshot'), await read(live, 'live frame'), await read(frames, 'video frame')];
      let traceNote = '';
      if (driver === 'device') {
        const zip = await svc.request('GET', `/api/flows/${id}/trace`);
        assert.equal(zip.status, 200);
        const entries = await readZipEntries(zip.raw);
        for (const [name, bytes] of entries) assert.ok(!bytes.includes(TOKEN), `the trace's ${name} holds the token`);
        // At most 16 screencast frames, evenly spaced (OCR is slow on a shared machine), the last one always.
        const jpegs = entries.filter(([name]) => name.endsWith('.jpeg')).sort(([a], [b]) => a.localeCompare(b));
        const step = Math.max(1, Math.ceil(jpegs.length / 16));
        const picked = jpegs.filter((_, i) => i % step === 0 || i === jpegs.length - 1);
        const traceFiles: string[] = [];
        for (const [name, bytes] of picked) {
          const file = join(dir, `${driver}-trace-${name.replace(/\W/g, '_')}.jpg`);
          await writeFile(file, bytes);
          traceFiles.push(file);
        }
        assert.ok(traceFiles.length >= 3, `${jpegs.length} trace screencast frames`);
        const traceTexts = await read(traceFiles, 'trace screencast frame');
        assert.ok(traceTexts.some(showsControl), 'no trace frame shows the control word');
        traceNote = `, ${traceFiles.length} of ${jpegs.length} trace screencast frames`;
      }
      // The pictures are readable: the control word typed last is read in the last screenshot, and in a video and a live frame.
      assert.ok(showsControl(shotTexts.at(-1)!), `the last screenshot shows no control word: ${JSON.stringify(shotTexts.at(-1))}`);
      assert.ok(frameTexts.some(showsControl), 'no video frame shows the control word');
      assert.ok(liveTexts.some(showsControl), 'no live frame shows the control word');
      // The labels around the masked fields are read too: the page is there, only the values are not.
      assert.match(shotTexts.at(-1)!, /API token/);
      assert.match(shotTexts.at(-1)!, /Username/);
      console.log(`${driver}: OCR of ${shots.length} step screenshots, ${frames.length} video frames, ${live.length} live frames${traceNote}: token read in 0; control word read in ${shotTexts.filter(showsControl).length} screenshots, ${frameTexts.filter(showsControl).length} video frames, ${liveTexts.filter(showsControl).length} live frames`);
    });

    test('the same value typed by a flow that does not hold it as an env value is read by OCR (the check above can see a leak)', async () => {
      const created = await svc.request('POST', '/api/flows', {
        name: `unmasked ${driver}`, targetWebsite: `${site.good}/token`, initialRunMode: 'DETERMINISTIC', browser: { using: { type: driver } },
        toolCallsOnStart: [{ name: 'type', parameters: { selector: '#token', text: TOKEN } }],
      });
      assert.equal(created.status, 201, created.text);
      const flow = await waitForFlow(svc, created.body.id, isFinished, 120_000);
      assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
      const [call] = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
      const file = join(dir, `${driver}-unmasked.png`);
      await writeFile(file, (await svc.request('GET', `/api/flows/${flow.id}/images/${call.screenshotImageId}`)).raw);
      const [text] = await ocrAll([file]);
      assert.ok(showsToken(text!), `OCR did not read the unmasked token: ${JSON.stringify(text)}`);
    });
  });
}
