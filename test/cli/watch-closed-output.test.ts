/**
 * The CLI's writers over the process's streams: a reader going away (EPIPE) on either stream is
 * one stop, named by the stream it came first on; nothing more is written to a closed stream, the
 * other is still written; any other write error goes the escaped-error way.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { watchClosedOutput, type OutputName } from '../../src/cli/watch-closed-output.js';

/** A stream as the CLI writes it: what was written, and an `'error'` to emit as Node's stream does. */
function buildStream(): EventEmitter & { written: string[]; write(text: string): boolean } {
  const written: string[] = [];
  return Object.assign(new EventEmitter(), { written, write: (text: string) => written.push(text) > 0 });
}

function errorOf(code: string): Error {
  return Object.assign(new Error(`write ${code}`), { code });
}

function watchBoth() {
  const streams = { stdout: buildStream(), stderr: buildStream() };
  const closed: OutputName[] = [];
  const others: Error[] = [];
  const output = watchClosedOutput(streams, (name) => closed.push(name), (error) => others.push(error));
  return { streams, closed, others, output };
}

describe('a closed output', () => {
  it('EPIPE on stdout stops once; stdout is no longer written, stderr still is', () => {
    const { streams, closed, others, output } = watchBoth();
    output.stdout('a\n');
    streams.stdout.emit('error', errorOf('EPIPE'));
    output.stdout('b\n');
    output.stderr('log\n');
    expect(closed).toEqual(['stdout']);
    expect(output.closed()).toBe('stdout');
    expect(streams.stdout.written).toEqual(['a\n']);
    expect(streams.stderr.written).toEqual(['log\n']);
    expect(others).toEqual([]);
  });

  it('the other stream closing after is no second stop, and is not written either', () => {
    const { streams, closed, output } = watchBoth();
    streams.stderr.emit('error', errorOf('EPIPE'));
    streams.stdout.emit('error', errorOf('EPIPE'));
    streams.stdout.emit('error', errorOf('EPIPE'));
    output.stdout('x');
    output.stderr('y');
    expect(closed).toEqual(['stderr']);
    expect(output.closed()).toBe('stderr');
    expect(streams.stdout.written).toEqual([]);
    expect(streams.stderr.written).toEqual([]);
  });

  it('another write error is no stop: it goes the escaped-error way, and writing goes on', () => {
    const { streams, closed, others, output } = watchBoth();
    const full = errorOf('ENOSPC');
    streams.stdout.emit('error', full);
    output.stdout('z');
    expect(closed).toEqual([]);
    expect(output.closed()).toBeUndefined();
    expect(others).toEqual([full]);
    expect(streams.stdout.written).toEqual(['z']);
  });
});
