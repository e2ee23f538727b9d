/**
 * Cell notes of the annotated copy: the comments part (the text, which every reader reads) and the
 * legacy VML drawing Excel needs to show a note's box. Each note is anchored to the right of its
 * cell, hidden until the cell is hovered, as Excel writes them.
 */
import { escapeXmlAttribute, escapeXmlText } from './xml-markup.js';

/** One note: the cell and its text. */
export interface CellNote {
  /** 1-based row and column. */
  row: number;
  column: number;
  ref: string;
  text: string;
}

/** Author name of the notes this tool writes (how a later run tells them from the seller's). */
export const NOTE_AUTHOR = 'catalog-import';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** The comments part for `notes`. */
export function buildCommentsXml(notes: readonly CellNote[]): string {
  const parts = [
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<comments xmlns="${MAIN_NS}"><authors><author>${NOTE_AUTHOR}</author></authors><commentList>`,
  ];
  for (const note of notes) {
    parts.push(`<comment ref="${note.ref}" authorId="0"><text><r><rPr><sz val="9"/><color indexed="81"/><rFont val="Tahoma"/><family val="2"/></rPr><t xml:space="preserve">${escapeXmlText(note.text)}</t></r></text></comment>`);
  }
  parts.push('</commentList></comments>');
  return parts.join('');
}

/**
 * The VML drawing for `notes`. Shape ids come in blocks of 1,024 per drawing (`o:idmap`), which
 * must not overlap those of the workbook's other drawings: `firstBlock` is the first free one.
 */
export function buildNotesVml(notes: readonly CellNote[], firstBlock: number): string {
  const blocks = Math.max(1, Math.ceil((notes.length + 1) / 1024));
  const idmap = Array.from({ length: blocks }, (_, i) => firstBlock + i).join(',');
  const parts = [
    '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel">',
    `<o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="${idmap}"/></o:shapelayout>`,
    '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>',
  ];
  notes.forEach((note, index) => {
    const id = firstBlock * 1024 + 1 + index;
    const row = note.row - 1;
    const column = note.column - 1;
    parts.push(
      `<v:shape id="_x0000_s${id}" type="#_x0000_t202" style="position:absolute;margin-left:59.25pt;margin-top:1.5pt;width:216pt;height:72pt;z-index:${index + 1};visibility:hidden" fillcolor="#ffffe1" o:insetmode="auto">` +
        '<v:fill color2="#ffffe1"/><v:shadow on="t" color="black" obscured="t"/><v:path o:connecttype="none"/>' +
        '<v:textbox style="mso-direction-alt:auto"><div style="text-align:left"></div></v:textbox>' +
        `<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>${escapeXmlAttribute(anchor(column, row))}</x:Anchor>` +
        `<x:AutoFill>False</x:AutoFill><x:Row>${row}</x:Row><x:Column>${column}</x:Column></x:ClientData></v:shape>`,
    );
  });
  parts.push('</xml>');
  return parts.join('');
}

function anchor(column: number, row: number): string {
  return `${column + 1}, 15, ${Math.max(0, row - 1)}, 10, ${column + 4}, 15, ${row + 4}, 4`;
}
