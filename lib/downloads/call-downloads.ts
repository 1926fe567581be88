/**
 * A flow's downloads as records: what the session kept (or refused) becomes
 * the flow's `downloads` entries and a note on the tool call that caused
 * them (`outcome.downloads`, and its message). File names are redacted like
 * everything else that comes from the page.
 */
import type { BrowserSession, DownloadedFile } from '../../kernel/contracts/browser-driver';
import type { FlowDownload, ToolCallOutcome } from '../../kernel/flows/flow-types';

/** What a call's downloads add to its record and to the flow. */
export interface CallDownloads {
  /** Kept files, for the flow's `downloads`. */
  kept: FlowDownload[];
  /** For `outcome.downloads`; empty when nothing was downloaded. */
  reported: NonNullable<ToolCallOutcome['downloads']>;
  /** Appended to the outcome's message (`; downloaded report.bin (204800 bytes)`); empty when none. */
  note: string;
}

const NONE: CallDownloads = { kept: [], reported: [], note: '' };

/** Takes what the session downloaded since the last call (waiting up to `waitMs` for files in progress). */
export async function takeCallDownloads(session: BrowserSession, toolCallId: string | null, waitMs: number, redact: (text: string) => string): Promise<CallDownloads> {
  if (!session.takeDownloads) return NONE;
  let files: DownloadedFile[];
  try {
    files = await session.takeDownloads(waitMs);
  } catch {
    return NONE;
  }
  if (!files.length) return NONE;
  const now = Date.now();
  const kept: FlowDownload[] = [];
  const reported: CallDownloads['reported'] = [];
  const notes: string[] = [];
  for (const f of files) {
    const fileName = redact(f.fileName);
    if (f.path && f.sha256 && !f.refused) {
      kept.push({ id: f.id, fileName, size: f.size, sha256: f.sha256, mimeType: f.mimeType, toolCallId, createdAt: now });
      reported.push({ id: f.id, fileName, size: f.size });
      notes.push(`downloaded ${fileName} (${f.size} bytes)`);
    } else {
      const refused = redact(f.refused ?? 'not kept');
      reported.push({ id: null, fileName, size: f.size, refused });
      notes.push(`download ${fileName} ${refused}`);
    }
  }
  return { kept, reported, note: `; ${notes.join('; ')}` };
}
