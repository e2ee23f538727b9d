import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matcher = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
const ask = (label: string, product: string) => matcher.match(label, { productNames: [product] });
const paths = (label: string, product: string): string[] => ask(label, product).candidates.map((candidate) => candidate.entry.path?.rus ?? '');

describe('labels naming a department, a cut list, a purpose of another leaf (issue 33, labels2)', () => {
  it('leaves a department a question with the rows\' leaf among its candidates, and confirms a label saying the leaf\'s noun', () => {
    expect(ask('Канцелярия', 'Клей-карандаш 15 г').status).toBe('todo');
    expect(paths('Канцелярия', 'Клей-карандаш 15 г')).toContain('Канцелярские товары / Офисные принадлежности / Клей канцелярский');
    expect(ask('Творчество', 'Набор для творчества браслеты').status).toBe('todo');
    // `ТВ` names `Телевизоры` by itself, beside the branch `ТВ, аудио и видео`: the rows still confirm it.
    expect(ask('ТВ', 'Телевизор 55" 4K Smart TV').best?.entry.name.rus).toBe('Телевизоры');
  });

  it('reads a kind cut short in a list as every leaf it begins', () => {
    expect(ask('Батар. и аккум.', 'Батарейки ААА GP 4шт').status).toBe('todo');
    expect(paths('Батар. и аккум.', 'Батарейки ААА GP 4шт')).toContain('Электроника / Аксессуары для электроники / Аккумуляторы АА и ААА');
  });

  it('holds a purpose another leaf of the section names, and not one the leaf\'s path says', () => {
    const match = ask('Раскраски по номерам', 'Раскраска по номерам холст');
    expect(match.status).toBe('todo');
    expect(match.doubt).toContain('Картины по номерам');
    expect(ask('Сыворотка для лица', 'Сыворотка для лица с витамином C 30 мл').best?.entry.name.rus).toBe('Сыворотки');
  });

  it('never lets rows read for a leaf whose path says whom it is for overrule the label\'s other recipient, nor an unsaid qualifier another section sorts by', () => {
    expect(ask('Комбинезоны для собак', 'Комбинезон на девочку S').status).toBe('todo');
    expect(ask('Бумажные гирлянды', 'Гирлянда Happy Birthday 2 м').status).toBe('todo');
    // A qualifier no other section sorts its goods by leaves the rows' answer standing (`Сыворотки` explain `лица` by path).
    expect(ask('Сыворотка для лица', 'Сыворотка для лица с витамином C 30 мл').status).not.toBe('todo');
  });
});
