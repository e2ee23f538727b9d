/**
 * What goods are made of, one table for every reader: `neutral-modifiers.ts` takes a material's adjectives and its genitive
 * after `из` as words that never make the head noun another kind of goods, `material-of-leaf.ts` compares the material a
 * leaf's path says with the one the name says by the openings of their words. The materials are a general class (what goods
 * are made of), not one trade's words.
 */

/** One material: its adjectives (masculine), its genitive after `из`, and the openings of every word that names it. */
export interface Material {
  readonly adjectives: readonly string[];
  readonly madeOf: readonly string[];
  // Adjective, noun and compound alike (`кож` of `кожаный`, `кожа`, `Кожгалантерея`), normalised (`ё` read as `е`); empty where the material is not read
  // against a leaf's path (a finish or weave more than a material, or a fabric the directory never names a section by).
  readonly openings: readonly string[];
}

const material = (adjectives: readonly string[], madeOf: readonly string[], openings: readonly string[] = []): Material => ({ adjectives, madeOf, openings });

// Each entry is one material (the last one excepted); a word opens with at most one of them. `экокожа` is leather for the goods' kind. Paper and cardboard
// have no neutral words: they make goods another kind (`Фонарики бумажные` are no flashlights), `neutral-modifiers.ts` says why.
export const MATERIALS: readonly Material[] = [
  material(['кожаный', 'замшевый', 'экокожа'], ['кожи', 'экокожи', 'замши'], ['кож', 'экокож', 'замш']),
  material(['деревянный'], ['дерева', 'массива'], ['дерев', 'древес']),
  material(['металлический', 'чугунный', 'стальной', 'алюминиевый', 'нержавеющий', 'медный', 'латунный'],
    ['металла', 'чугуна', 'стали', 'алюминия', 'нержавейки', 'меди', 'латуни'], ['металл', 'стальн', 'чугун', 'алюмин', 'латун', 'медн']),
  material(['пластиковый', 'пластмассовый'], ['пластика', 'пластмассы'], ['пластик', 'пластмасс']),
  material(['стеклянный'], ['стекла'], ['стекл']),
  material(['керамический', 'фарфоровый'], ['керамики', 'фарфора'], ['керамик', 'керамич', 'фарфор']),
  material([], [], ['бумаж', 'картон']),
  material(['хлопковый', 'хлопчатобумажный'], ['хлопка'], ['хлопк', 'хлопчатобумаж']),
  material(['шерстяной'], ['шерсти'], ['шерст']),
  material(['льняной'], ['льна'], ['льнян']),
  material(['шелковый', 'шёлковый'], ['шелка', 'шёлка'], ['шелк']),
  material(['силиконовый'], ['силикона', 'резины'], ['силикон', 'резин']),
  material(['фетровый'], ['фетра', 'войлока'], ['войлок', 'фетр']),
  material(['бамбуковый'], ['бамбука'], ['бамбук']),
  material(['хрустальный'], ['хрусталя'], ['хрустал']),
  // Finishes, fillings, fabrics and stones the directory names no section or goods by: neutral words only, never read against a path.
  material(['эмалированный', 'пуховый', 'перьевой', 'флисовый', 'махровый', 'трикотажный', 'джинсовый', 'вельветовый', 'текстильный',
    'вафельный', 'плюшевый', 'велюровый', 'атласный', 'натуральный', 'каменный', 'мраморный', 'гранитный', 'вязаный', 'полиэстеровый',
    'синтетический', 'мдф', 'лдсп'],
  ['пуха', 'флиса', 'трикотажа', 'денима', 'велюра', 'текстиля', 'камня', 'мрамора', 'гранита', 'полиэстера', 'кашемира', 'вискозы',
    'акрила', 'нейлона', 'ткани', 'бархата', 'ротанга', 'микрофибры']),
];
