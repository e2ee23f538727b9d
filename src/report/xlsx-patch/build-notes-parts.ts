/**
 * Cell notes of the annotated copy: the comments part (the text, which every reader reads) and the
 * legacy VML drawing Excel needs to show a note's box. Each note is anchored to the right of its
 * cell, hidden until the cell is hovered, as Excel writes them.
 */
import { findTagEnd, XML_TAG_REST } from '../../xlsx/xml-text.js';
import { escapeXmlAttribute, escapeXmlText, readLenientAttribute } from '../../xlsx/xml-markup.js';

// A start tag's attributes (quoted values whole: a `>` inside one ends nothing), and one element of the comments part with its content.
const REST = XML_TAG_REST;
const AUTHOR = new RegExp(String.raw`<(?:[\w.-]+:)?author(?=[\s/>])${REST}>(?:(?<=/>)|([\s\S]*?)<\/(?:[\w.-]+:)?author>)`, 'g');
const COMMENT = new RegExp(String.raw`<(?:[\w.-]+:)?comment(?=[\s>/])${REST}>(?:(?<=/>)|[\s\S]*?<\/(?:[\w.-]+:)?comment>)`, 'g');
const COMMENT_LIST = new RegExp(String.raw`<((?:[\w.-]+:)?)commentList(?=[\s/>])${REST}>(?:(?<=/>)|[\s\S]*?<\/(?:[\w.-]+:)?commentList>)`);
const AUTHORS_EMPTY = new RegExp(String.raw`<((?:[\w.-]+:)?)authors(?=[\s/>])${REST}\/>`);

/** One note: the cell and its text. */
export interface CellNote {
  /** 1-based row and column. */
  row: number;
  column: number;
  ref: string;
  text: string;
}

/** Author name of the notes this tool writes (how a later run tells them from the seller's). */
const NOTE_AUTHOR = 'catalog-import';

/** The comments part for `notes`, in SpreadsheetML namespace `mainNs`. */
export function buildCommentsXml(notes: readonly CellNote[], mainNs: string): string {
  const parts = [
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<comments xmlns="${mainNs}"><authors><author>${NOTE_AUTHOR}</author></authors><commentList>`,
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
  notes.forEach((note, index) => parts.push(buildNoteShape(note, firstBlock * 1024 + 1 + index, index + 1)));
  parts.push('</xml>');
  return parts.join('');
}

function buildNoteShape(note: CellNote, id: number, z: number): string {
  const row = note.row - 1;
  const column = note.column - 1;
  return (
    `<v:shape id="_x0000_s${id}" type="#_x0000_t202" style="position:absolute;margin-left:59.25pt;margin-top:1.5pt;width:216pt;height:72pt;z-index:${z};visibility:hidden" fillcolor="#ffffe1" o:insetmode="auto">` +
    '<v:fill color2="#ffffe1"/><v:shadow on="t" color="black" obscured="t"/><v:path o:connecttype="none"/>' +
    '<v:textbox style="mso-direction-alt:auto"><div style="text-align:left"></div></v:textbox>' +
    `<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>${escapeXmlAttribute(anchor(column, row))}</x:Anchor>` +
    `<x:AutoFill>False</x:AutoFill><x:Row>${row}</x:Row><x:Column>${column}</x:Column></x:ClientData></v:shape>`
  );
}

/** The notes a sheet already has: the seller's, and where this tool's from an earlier run are. */
export interface ExistingNotes {
  /** Cells (`B7`) with a note of the seller's. */
  sellerRefs: Set<string>;
  /** The comments part with this tool's earlier notes removed and `notes` added. */
  mergeComments(notes: readonly CellNote[]): string;
  /** The VML drawing with the shapes of this tool's earlier notes removed and shapes for `notes` added from block `firstBlock`. */
  mergeVml(vml: string, notes: readonly CellNote[], firstBlock: number): string;
}

/** Reads a sheet's comments part: which notes are the seller's (kept) and which this tool wrote on an earlier run (replaced). */
export function readExistingNotes(commentsXml: string): ExistingNotes {
  const authors = Array.from(commentsXml.matchAll(AUTHOR), (m) => m[1] ?? '');
  const ourAuthor = authors.indexOf(NOTE_AUTHOR);
  const kept: string[] = [];
  const ourRefs = new Set<string>();
  const sellerRefs = new Set<string>();
  for (const match of commentsXml.matchAll(COMMENT)) {
    const tag = match[0].slice(0, findTagEnd(match[0], 1) + 1);
    const ref = readLenientAttribute(tag, 'ref') ?? '';
    const author = Number(readLenientAttribute(tag, 'authorId') ?? -1);
    if (author === ourAuthor && ourAuthor >= 0) ourRefs.add(ref.toUpperCase());
    else {
      kept.push(match[0]);
      sellerRefs.add(ref.toUpperCase());
    }
  }
  return {
    sellerRefs,
    mergeComments(notes) {
      let xml = commentsXml;
      let authorId = ourAuthor;
      if (authorId < 0) {
        authorId = authors.length;
        xml = xml.replace(/<\/((?:[\w.-]+:)?)authors>/, `<$1author>${NOTE_AUTHOR}</$1author></$1authors>`).replace(AUTHORS_EMPTY, `<$1authors><$1author>${NOTE_AUTHOR}</$1author></$1authors>`);
      }
      const list = COMMENT_LIST.exec(xml);
      const p = list?.[1] ?? '';
      const ours = notes.map(
        (note) =>
          `<${p}comment ref="${note.ref}" authorId="${authorId}"><${p}text><${p}r><${p}rPr><${p}sz val="9"/><${p}color indexed="81"/><${p}rFont val="Tahoma"/><${p}family val="2"/></${p}rPr>` +
          `<${p}t xml:space="preserve">${escapeXmlText(note.text)}</${p}t></${p}r></${p}text></${p}comment>`,
      );
      const body = `<${p}commentList>${kept.join('')}${ours.join('')}</${p}commentList>`;
      if (list === null) return xml.replace(/<\/((?:[\w.-]+:)?)comments>/, `${body}</$1comments>`);
      return xml.slice(0, list.index) + body + xml.slice(list.index + list[0].length);
    },
    mergeVml(vml, notes, firstBlock) {
      const shapes = /<v:shape(?=[\s>])[\s\S]*?<\/v:shape>/g;
      let z = 0;
      let out = vml.replace(shapes, (shape) => {
        z += 1;
        if (!/ObjectType\s*=\s*"Note"/.test(shape)) return shape;
        const row = /<x:Row>\s*(\d+)\s*<\/x:Row>/.exec(shape)?.[1];
        const column = /<x:Column>\s*(\d+)\s*<\/x:Column>/.exec(shape)?.[1];
        if (row === undefined || column === undefined) return shape;
        const ref = `${columnLettersOf(Number(column) + 1)}${Number(row) + 1}`;
        return ourRefs.has(ref) && !sellerRefs.has(ref) ? '' : shape;
      });
      const blocks = Math.max(1, Math.ceil((notes.length + 1) / 1024));
      const added = Array.from({ length: blocks }, (_, i) => firstBlock + i).join(',');
      out = out.replace(/(<o:idmap[^>]*\sdata=")([^"]*)(")/, (_, open: string, data: string, close: string) => `${open}${data === '' ? added : `${data},${added}`}${close}`);
      const newShapes = notes.map((note, index) => buildNoteShape(note, firstBlock * 1024 + 1 + index, z + index + 1)).join('');
      const end = out.lastIndexOf('</xml>');
      return end < 0 ? out + newShapes : out.slice(0, end) + newShapes + out.slice(end);
    },
  };
}

function columnLettersOf(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function anchor(column: number, row: number): string {
  return `${column + 1}, 15, ${Math.max(0, row - 1)}, 10, ${column + 4}, 15, ${row + 4}, 4`;
}
