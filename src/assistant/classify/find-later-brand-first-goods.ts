/**
 * Where a phrase of a name in Latin names its goods after the maker and model (`vga` of `MSI GeForce RTX 4070 Ventus VGA`,
 * `ssd` of `Crucial P3 SSD M.2`). A trade abbreviation is as often a part a whole machine holds, or a port it has (`MacBook Air 13
 * M2 8GB 256GB SSD`, `Dell P2219H Monitor HDMI VGA`, `Салазки для SSD`), which review24b found read as the goods, sure and wrong
 * (laptops and consoles as drives, monitors as graphics cards): the word is the goods only where it ends what the name says
 * of them, and the checks below (`NOT_GOODS_HERE`) leave it out wherever the name says otherwise. An open question beats a wrong type.
 */
import { readEnglishProductWord } from './english-product-words.js';

/** The place of the word in the phrase and what the phrase says around it. */
interface Candidate {
  phrase: readonly string[];
  at: number;
  /** Whether a word is a measure, count, colour or number (the type reader's qualifiers). */
  isQualifier: (word: string) => boolean;
}

// The video and data ports a device lists (`HDMI VGA DP`): a port beside the word makes it a port of the device, no goods.
const PORT_WORDS: ReadonlySet<string> = new Set(['hdmi', 'vga', 'dvi', 'dp', 'displayport', 'usb', 'xga', 'rj45', 'thunderbolt']);
// Storage and bus interfaces, written after a part's abbreviation as its measures are (`SSD M.2 NVMe PCIe 4.0`).
const INTERFACE_WORDS: ReadonlySet<string> = new Set(['nvme', 'pcie', 'sata', 'iii']);
// The processor families a whole machine's specs name (`Core i5`, `Ryzen 5`): beside another part's abbreviation, the goods are the machine.
const PROCESSOR_FAMILIES: ReadonlySet<string> = new Set(['core', 'ryzen', 'celeron', 'pentium', 'athlon', 'xeon']);
// Prepositions before the word: it is what the goods are for, come with or lack (`для SSD`, `with HDD`, `without HDD`).
const PREPOSITIONS: ReadonlySet<string> = new Set(['для', 'for', 'с', 'со', 'with', 'без', 'without', 'под']);
const LACK_WORDS: ReadonlySet<string> = new Set(['без', 'without']);
// The units of a capacity: right before the word (`512GB SSD`) they measure a part a machine holds.
const CAPACITY_UNITS: ReadonlySet<string> = new Set(['гб', 'тб', 'мб', 'gb', 'tb', 'mb']);

/** Whether the words after the candidate are a measure or form factor only (`M.2`, `2.5`, `1TB`, `NVMe PCIe 4.0`, `LGA1700`). */
function endsGoods({ phrase, at, isQualifier }: Candidate): boolean {
  // A word glued to digits as written (`m` of `M.2`, `lga` of `LGA1700`) is split before a number: it is a form factor or socket;
  // a short one after a number is its unit (`va` of `650VA`), whichever the unit tables know.
  // What the goods lack (`CPU без кулера AM4`) says nothing of other goods.
  return phrase.slice(at + 1).every((word, i, after) => isQualifier(word) || INTERFACE_WORDS.has(word) || /^\d/u.test(after[i + 1] ?? '') || (word.length <= 3 && /^\d/u.test(after[i - 1] ?? '')) || LACK_WORDS.has(word) || LACK_WORDS.has(after[i - 1] ?? ''));
}

/** Whether a form factor opens the words after the candidate (`M.2`, `2.5"`): the drive itself is sold. */
function opensWithFormFactor({ phrase, at }: Candidate): boolean {
  const next = phrase[at + 1] ?? '';
  return /^\d+[.,]\d+$/u.test(next) || (/^\p{L}$/u.test(next) && /^\d/u.test(phrase[at + 2] ?? ''));
}

/**
 * Whether a measure stands right before the candidate (`512GB SSD`, `21.5 VGA`): the specs of a machine's part. Two bare numbers
 * (`8/512 SSD`) are left alone: split as written, a processor's model reads so too (`I3-12100 CPU`).
 */
function followsMeasure({ phrase, at }: Candidate): boolean {
  const before = phrase[at - 1] ?? '';
  return (CAPACITY_UNITS.has(before) && /^\d/u.test(phrase[at - 2] ?? '')) || /^\d+[.,]\d+$/u.test(before);
}

/** The checks that leave a trade abbreviation out as the goods, each a reason the name says the goods are something else. */
const NOT_GOODS_HERE: readonly { name: string; test: (candidate: Candidate) => boolean }[] = [
  { name: 'more words of goods follow (Heatsink, Enclosure, port)', test: (candidate) => !endsGoods(candidate) },
  { name: 'a port beside it (HDMI VGA)', test: ({ phrase, at }) => PORT_WORDS.has(phrase[at - 1] ?? '') || PORT_WORDS.has(phrase[at + 1] ?? '') },
  { name: 'a measure before it, no form factor after (512GB SSD)', test: (candidate) => followsMeasure(candidate) && !opensWithFormFactor(candidate) },
  { name: 'after a preposition (для SSD, without HDD)', test: ({ phrase, at }) => phrase.slice(0, at).some((word) => PREPOSITIONS.has(word)) },
  { name: 'another goods word of the name (Monitor, Projector)', test: ({ phrase, at }) => phrase.some((word, i) => i !== at && readEnglishProductWord(word)?.role === 'goods') },
  { name: "a processor's family beside another part (Core i5 … SSD)", test: ({ phrase, at }) => phrase[at] !== 'cpu' && phrase.some((word) => PROCESSOR_FAMILIES.has(word)) },
];

/**
 * Where a phrase of a name in Latin names its goods by a word the English table reads as goods written after the brand and model
 * (`brandFirst`, with a Russian reading), when the head read from the phrase's start (`read`) holds no goods word of the table: the
 * maker's and model's words before a number ended that head, and it named no goods (`msi geforce rtx`), one type per model line.
 * -1 where there is no such word, or where the name says the goods are something else (`NOT_GOODS_HERE`).
 */
export function findLaterBrandFirstGoods(phrase: readonly string[], read: readonly string[], isQualifier: (word: string) => boolean): number {
  if (read.some((word) => readEnglishProductWord(word)?.role === 'goods')) return -1;
  const at = phrase.findIndex((word, i) => i > 0 && !read.includes(word) && readEnglishProductWord(word)?.brandFirst === true && readEnglishProductWord(word)?.russian !== '');
  return at < 0 || isLeftOutAsGoods(phrase, at, isQualifier) ? -1 : at;
}

/**
 * Whether the word at `at` (after the phrase's first word) is no goods of the name by one of `NOT_GOODS_HERE` (`SSD` of `Kingston
 * SSD Heatsink M.2`, `MacBook Air 13 M2 8GB 256GB SSD`), however it was read as the head.
 */
export function isLeftOutAsGoods(phrase: readonly string[], at: number, isQualifier: (word: string) => boolean): boolean {
  return at > 0 && NOT_GOODS_HERE.some((check) => check.test({ phrase, at, isQualifier }));
}
