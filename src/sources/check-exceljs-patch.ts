/**
 * Refuses to read XLSX with an unpatched exceljs. Its streaming reader decodes each zip chunk on
 * its own and turns a letter split between two chunks into U+FFFD (exceljs #2063, #2084, #2316);
 * `patches/exceljs+4.4.0.patch`, applied by `scripts/patch-exceljs.mjs` at install, fixes it. When
 * the install skipped scripts, reading would silently corrupt about one Russian cell in 700, so
 * this check feeds exceljs's decoding step one letter cut in two and fails loudly instead.
 */
import { createRequire } from 'node:module';
import { Buffer } from 'node:buffer';
import { InternalError } from '../core/errors.js';

type ParseSax = (chunks: AsyncIterable<Buffer>) => AsyncIterable<{ eventType: string; value: unknown }[]>;

/** Throws `InternalError` when exceljs's streaming reader would break letters split across chunks. */
export async function checkExcelJsPatch(): Promise<void> {
  const require = createRequire(import.meta.url);
  const parseSax = require('exceljs/lib/utils/parse-sax.js') as ParseSax;
  const letter = Buffer.from('<t>Ж</t>', 'utf8');
  // Cut inside the two bytes of Ж.
  async function* split(): AsyncGenerator<Buffer> {
    yield letter.subarray(0, 4);
    yield letter.subarray(4);
  }
  let text = '';
  for await (const events of parseSax(split())) {
    for (const event of events) if (event.eventType === 'text') text += String(event.value);
  }
  if (text !== 'Ж') {
    throw new InternalError(
      'exceljs is not patched: its streaming reader would corrupt letters split between zip chunks (exceljs #2063). ' +
        'Run `node scripts/patch-exceljs.mjs` (the postinstall step) and try again.',
    );
  }
}
