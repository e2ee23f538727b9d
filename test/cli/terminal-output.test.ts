/**
 * Terminal hygiene: colour only on a terminal (decided per stream), NO_COLOR and FORCE_COLOR
 * obeyed, the progress line cut to the terminal's width, help wrapped to it. Checked in-process
 * and through a real pseudo-terminal (util-linux `script`), with stdout to the terminal, to a
 * file and to a pipe.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import { createEventPrinter, fitToWidth, shouldColor } from '../../src/cli/cli-io.js';
import { renderSignalNotice } from '../../src/cli/render-signal-notice.js';
import { renderSandboxBanner } from '../../src/cli/commands/sandbox-command.js';
import { runCli } from '../../src/cli/run-cli.js';
import { createTranslator } from '../../src/i18n/create-translator.js';
import { runProcess } from '../helpers/run-process.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

const en = createTranslator('en');

const ROOT = join(import.meta.dirname, '..', '..');
const ESC = '\u001b[';

function makeIo(overrides: Partial<CliIo> = {}): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), isTty: false, env: {}, cwd: ROOT, ...overrides };
}

describe('colour', () => {
  it('is decided per stream from whether that stream is a terminal', () => {
    expect(shouldColor(makeIo({ isTty: true, stdoutIsTty: false }), 'stdout')).toBe(false);
    expect(shouldColor(makeIo({ isTty: true, stdoutIsTty: false }), 'stderr')).toBe(true);
    expect(shouldColor(makeIo({ isTty: false, stdoutIsTty: true }), 'stdout')).toBe(true);
    expect(shouldColor(makeIo({ stdoutIsTty: true, env: { TERM: 'dumb' } }), 'stdout')).toBe(false);
  });

  it('NO_COLOR turns it off and FORCE_COLOR on, everywhere', () => {
    expect(shouldColor(makeIo({ stdoutIsTty: true, isTty: true, env: { NO_COLOR: '1' } }), 'stdout')).toBe(false);
    expect(shouldColor(makeIo({ stdoutIsTty: true, isTty: true, env: { NO_COLOR: '1' } }), 'stderr')).toBe(false);
    expect(shouldColor(makeIo({ env: { FORCE_COLOR: '1' } }), 'stdout')).toBe(true);
    expect(shouldColor(makeIo({ env: { FORCE_COLOR: '' } }), 'stderr')).toBe(true);
    expect(shouldColor(makeIo({ stdoutIsTty: true, env: { FORCE_COLOR: '0' } }), 'stdout')).toBe(false);
    // NO_COLOR wins over FORCE_COLOR; an empty NO_COLOR is no request (no-color.org).
    expect(shouldColor(makeIo({ env: { FORCE_COLOR: '1', NO_COLOR: '1' } }), 'stdout')).toBe(false);
    expect(shouldColor(makeIo({ stdoutIsTty: true, env: { NO_COLOR: '' } }), 'stdout')).toBe(true);
  });
});

describe('the progress line', () => {
  it('is cut to the terminal width and each redraw clears the line first', () => {
    const io = makeIo({ isTty: true, columns: 40 });
    const printer = createEventPrinter(io, { json: false, getTranslator: () => en });
    printer.onEvent({ type: 'read:progress', rows: 123456, bytesRead: 50, totalBytes: 100 } as never);
    printer.onEvent({ type: 'stage:start', stage: 'submit', detail: '1200 products' } as never);
    printer.done();
    const draws = io.err.filter((text) => text.startsWith('\r'));
    expect(draws.length).toBeGreaterThan(0);
    for (const draw of draws) {
      expect(draw.startsWith(`\r${ESC}2K`)).toBe(true);
      const visible = Array.from(draw.slice(`\r${ESC}2K`.length));
      expect(visible.length).toBeLessThan(40);
    }
  });

  it('fitToWidth keeps short lines and ends cut ones with an ellipsis', () => {
    expect(fitToWidth('rows 12', 80)).toBe('rows 12');
    const cut = fitToWidth('x'.repeat(100), 30);
    expect(Array.from(cut)).toHaveLength(29);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('help', () => {
  it('wraps to the terminal width', async () => {
    for (const columns of [60, 100]) {
      const io = makeIo({ columns, stdoutIsTty: true });
      expect(await runCli(['import', '--help'], io)).toBe(0);
      const lines = io.out.join('').split('\n');
      expect(Math.max(...lines.map((line) => Array.from(line).length))).toBeLessThanOrEqual(columns);
      expect(Math.max(...lines.map((line) => Array.from(line).length))).toBeGreaterThan(columns - 15);
    }
  });
});

describe('notices', () => {
  it('the stop notice is a JSON line when the output is JSON', () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const json = renderSignalNotice('SIGTERM', ['watch', 'in', '-m', 'm.yaml', '--log-format', 'json'], now);
    expect(JSON.parse(json)).toMatchObject({ time: '2026-01-02T03:04:05.000Z', level: 'warn', event: 'signal', signal: 'SIGTERM' });
    expect(JSON.parse(renderSignalNotice('SIGINT', ['import', 'f', '--json'], now))).toMatchObject({ signal: 'SIGINT' });
    expect(renderSignalNotice('SIGINT', ['import', 'f'], now)).toContain('SIGINT: finishing the requests in flight');
    expect(renderSignalNotice('SIGINT', ['import', 'f'], now, { LANG: 'ru_RU.UTF-8' })).toContain('SIGINT: завершаем запросы в работе');
    expect(renderSignalNotice('SIGINT', ['import', 'f', '--lang', 'kk'], now, { LANG: 'ru_RU.UTF-8' })).toContain('SIGINT: орындалып жатқан');
  });

  it('the sandbox says where it really listens and warns when the network can reach it', () => {
    const open = renderSandboxBanner('0.0.0.0', 8080, 'http://127.0.0.1:8080');
    expect(open.listening).toContain('every network interface (0.0.0.0), port 8080');
    expect(open.warning).toMatch(/reachable from the network.*credentials.*fixed/);
    const local = renderSandboxBanner('127.0.0.1', 8080, 'http://127.0.0.1:8080');
    expect(local.listening).toBe('Sandbox Seller Catalog Service listening on http://127.0.0.1:8080');
    expect(local.warning).toBeNull();
    expect(renderSandboxBanner('192.168.1.5', 9000, 'http://192.168.1.5:9000').warning).not.toBeNull();
  });
});

/** Real process under a pseudo-terminal: `script` gives it a terminal; the shell command may redirect stdout. */
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

describe.runIf(hasScript && process.platform === 'linux')('through a pseudo-terminal', () => {
  let catalog: Awaited<ReturnType<typeof createPhoneCatalog>>;
  beforeAll(async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(2));
  });
  afterAll(async () => {
    await catalog.remove();
  });

  /** Runs the CLI's entry through `script`, returning what the terminal showed. */
  async function runInTerminal(shellArgs: string, env: Record<string, string> = {}): Promise<{ terminal: string; status: number | null }> {
    // tsx by file URL: `--import tsx` would be looked up from the catalog's temp folder.
    const entry = `${JSON.stringify(process.execPath)} --import ${pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href} ${JSON.stringify(join(ROOT, 'src/cli/main.ts'))}`;
    const command = `cd ${JSON.stringify(catalog.dir)} && ${entry} validate catalog.csv -m mapping.yaml --sandbox --state-dir state ${shellArgs}`;
    const cleanEnv: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? catalog.dir, TERM: 'xterm-256color', ...env };
    const result = await runProcess('script', ['-qefc', command, '/dev/null'], { env: cleanEnv, cwd: ROOT, timeoutMs: 60_000 });
    return { terminal: result.stdout, status: result.status };
  }

  it('stdout on the terminal is coloured; redirected to a file it has no escape codes', async () => {
    const onTerminal = await runInTerminal('');
    expect(onTerminal.terminal).toContain('Rows by status');
    expect(onTerminal.terminal).toContain(ESC);
    await runInTerminal('> out.txt');
    const file = await readFile(join(catalog.dir, 'out.txt'), 'utf8');
    expect(file).toContain('Rows by status');
    expect(file).not.toContain('\u001b');
    await runInTerminal('| cat > piped.txt');
    expect(await readFile(join(catalog.dir, 'piped.txt'), 'utf8')).not.toContain('\u001b');
  }, 120_000);

  it('NO_COLOR on a terminal: no colour; FORCE_COLOR into a file: colour', async () => {
    const plain = await runInTerminal('2>/dev/null', { NO_COLOR: '1' });
    expect(plain.terminal).toContain('Rows by status');
    expect(plain.terminal).not.toMatch(/\u001b\[[0-9;]*m/);
    await runInTerminal('> forced.txt', { FORCE_COLOR: '1' });
    expect(await readFile(join(catalog.dir, 'forced.txt'), 'utf8')).toMatch(/\u001b\[[0-9;]*m/);
  }, 120_000);
});
