import { createListedPhraseFinder } from './find-listed-phrase.js';

/**
 * Flavours, scents and colours an importer writes in Russian after goods named in English (`Dish Wash цитрус`, `Fabric Softener
 * зеленый чай`, `Kimchi манго`): each says which of the goods, never what they are. Read as the name's Russian words they became
 * the type (citrus fruit, green tea, manga for `манго`), and one answer sent a detergent to a grocery leaf. Only these are read
 * so: a Russian word of goods after a Latin brand that holds an English word (`Ahmad Tea чай зелёный`, `Sleepy Pants ночные
 * трусики`) is the type. Each phrase is normalised (`tokenizeForMatch`) and says why.
 */
const FLAVOURS: readonly { words: readonly string[]; why: string }[] = [
  { words: ['цитрус'], why: 'a citrus scent of a detergent or a softener' },
  { words: ['цитрусовый'], why: 'a citrus scent, as an adjective' },
  { words: ['лимон'], why: 'a lemon flavour or scent' },
  { words: ['манго'], why: 'a mango flavour (no `манга`)' },
  { words: ['персик'], why: 'a peach flavour or scent' },
  { words: ['клубника'], why: 'a strawberry flavour' },
  { words: ['банан'], why: 'a banana flavour' },
  { words: ['дыня'], why: 'a melon flavour' },
  { words: ['виноград'], why: 'a grape flavour' },
  { words: ['яблоко'], why: 'an apple flavour or scent' },
  { words: ['мята'], why: 'a mint flavour or scent' },
  { words: ['лаванда'], why: 'a lavender scent' },
  { words: ['роза'], why: 'a rose scent' },
  { words: ['ваниль'], why: 'a vanilla flavour or scent' },
  { words: ['алоэ'], why: 'an aloe scent or extract' },
  { words: ['зеленый', 'чай'], why: 'a green-tea scent of a detergent or a cosmetic' },
  { words: ['хлопок'], why: 'a cotton scent of a softener' },
];

const findFlavour = createListedPhraseFinder(FLAVOURS.map((flavour) => flavour.words));

/** Whether the words, in order, are flavours, scents or colours of `FLAVOURS` one after another, and at least one. */
export function isFlavourPhrase(words: readonly string[]): boolean {
  let at = 0;
  while (at < words.length) {
    const found = findFlavour(words, at);
    if (found === undefined) return false;
    at += found.length;
  }
  return at > 0;
}
