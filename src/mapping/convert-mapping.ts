/**
 * The two forms of a mapping, YAML and workbook, hold the same document; these turn one into the
 * other (pure). Comments of the YAML (a draft's scores, TODO candidates, allowed values) travel as
 * the workbook's notes and come back as comments.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar, type Node, type Pair } from 'yaml';

/** Notes by dotted path, as `parseMapping` formats paths (`attributes[0].values.хаки`). */
export type MappingNotes = Map<string, string>;

/** The comments of a YAML mapping, by the path of the value they follow or precede. */
export function collectYamlNotes(text: string): MappingNotes {
  const notes: MappingNotes = new Map();
  visitMapPairs(parseDocument(text.replace(/^\ufeff/, '')).contents, '', (pair, path) => {
    const comment = [isScalar(pair.key) ? pair.key.commentBefore : undefined, isScalar(pair.value) ? pair.value.comment : undefined]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .map((part) => part.trim())
      .join(' ');
    if (comment !== '') notes.set(path, comment);
  });
  return notes;
}

/** The YAML text of a mapping document, each note as the comment of its value. */
export function buildMappingYaml(document: Record<string, unknown>, notes: ReadonlyMap<string, string> = new Map(), header?: string): string {
  const doc = new Document(document);
  if (header !== undefined) doc.commentBefore = header;
  visitMapPairs(doc.contents, '', (pair, path, key) => {
    const note = notes.get(path);
    if (note === undefined) return;
    if (isScalar(pair.value)) pair.value.comment = ` ${note}`;
    else if (isScalar(pair.key)) pair.key.commentBefore = ` ${note}`;
    else pair.key = Object.assign(new Scalar(key), { commentBefore: ` ${note}` }) as Node;
  });
  return doc.toString({ lineWidth: 0 });
}

/** Calls `visit` for every key-value pair under `node`, with its dotted path (`attributes[0].code`) and key, parents first. */
function visitMapPairs(node: unknown, path: string, visit: (pair: Pair, path: string, key: string) => void): void {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const inner = path === '' ? key : `${path}.${key}`;
      visit(pair, inner, key);
      visitMapPairs(pair.value, inner, visit);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => visitMapPairs(item, `${path}[${i}]`, visit));
  }
}
