/**
 * The terminal in the run's language (issue 38): the README's import of the mistakes sample
 * against `--sandbox`, chosen by the locale and by `--lang`, prints none of our English words;
 * `--lang xx` is a usage error before anything runs; `--json` is the same in every language.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/i18n/language.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README_IMPORT = ['import', 'samples/catalog-with-mistakes.xlsx', '--mapping', 'mappings/sample.yaml', '--sandbox'];
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function makeStateDir(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'catalog-import-lang-'));
  folders.push(folder);
  return join(folder, 'state');
}

async function readTable(language: Language, area: string): Promise<Record<string, string>> {
  return JSON.parse(await readFile(join(ROOT, 'src', 'i18n', 'catalog', language, `${area}.json`), 'utf8')) as Record<string, string>;
}

function wordsOf(template: string | undefined): Set<string> {
  return new Set((template ?? '').replace(/\{\w+\}/g, ' ').match(/[A-Za-z]{3,}/g) ?? []);
}

/**
 * The English words of our terminal texts that the same text in `language` does not have (names
 * such as `catalog-import` or `--annotated-copy always` are in both and do not count).
 */
async function listEnglishWords(language: Language): Promise<Set<string>> {
  const words = new Set<string>();
  for (const area of ['terminal', 'status']) {
    const [en, other] = await Promise.all([readTable('en', area), readTable(language, area)]);
    for (const [key, template] of Object.entries(en)) {
      const kept = wordsOf(other[key] ?? other[key.replace(/\.\w+$/, '.other')]);
      for (const word of wordsOf(template)) if (!kept.has(word)) words.add(word);
    }
  }
  return words;
}

/**
 * What the run printed without the texts that are not ours to translate here: the issues' own
 * messages (whole or cut in the summary's lists), hints and locations (the issue catalog's,
 * issues.json), the seller's values and paths, the tool's and the command's names.
 */
async function stripForeignText(output: string, stateDir: string): Promise<string> {
  const [run] = await readdir(join(stateDir, 'runs'));
  const summary = JSON.parse(await readFile(join(stateDir, 'runs', run ?? '', 'summary.json'), 'utf8')) as { issues: { message: string; hint?: string }[] };
  let text = output;
  for (const issue of summary.issues) {
    text = text.split(issue.message).join(' ');
    if (issue.hint !== undefined) text = text.split(issue.hint).join(' ');
  }
  return text
    .replace(/×\d+ ".*$/gm, ' ')
    .replace(/catalog-import( \w+)?/g, ' ')
    .replace(/"[^"\n]*"/g, ' ')
    .replace(/\S*\/\S*/g, ' ')
    // Field paths of the payload (`name.rus`) are the service's names, the same in every language.
    .replace(/\b[a-z]+\.[a-z]+\b/g, ' ')
    .replace(/\b(row \d+|column [A-Z]+|value)\b/g, ' ')
    .replace(/\(\.\.\.\)|…/g, ' ');
}

async function expectOnlyLanguage(language: Language, args: string[], env: Record<string, string>): Promise<string> {
  const stateDir = await makeStateDir();
  const run = await runCliCaptured([...README_IMPORT, '--state-dir', stateDir, ...args], { cwd: ROOT, env });
  expect(run.code, run.stderr).toBe(1);
  const printed = `${run.stderr}\n${run.stdout}`;
  const english = await listEnglishWords(language);
  const rest = await stripForeignText(printed, stateDir);
  const found = [...english].filter((word) => new RegExp(`\\b${word}\\b`).test(rest));
  expect(found, `${found.join(", ")}\n${rest}`).toEqual([]);
  return printed;
}

describe('the terminal in the run language', () => {
  it('a Russian locale: the README import prints our lines in Russian', async () => {
    const printed = await expectOnlyLanguage('ru', [], { LANG: 'ru_RU.UTF-8' });
    expect(printed).toContain('» справочники: загружаем справочники из сервиса');
    expect(printed).toContain('Строки по статусам');
    expect(printed).toMatch(/catalog-with-mistakes\.xlsx › Товары — 567 строк, 158 товаров, \d+ ошиб/);
    expect(printed).toMatch(/не отправлены\s+59/);
  }, 120_000);

  it('--lang ru wins over an English locale; --lang kk gives Kazakh', async () => {
    const ru = await expectOnlyLanguage('ru', ['--lang', 'ru'], { LANG: 'en_US.UTF-8' });
    expect(ru).toContain('Ошибки по кодам');
    const kk = await expectOnlyLanguage('kk', ['--lang', 'kk'], { LANG: 'ru_RU.UTF-8' });
    expect(kk).toContain('Қателер кодтар бойынша');
    expect(kk).toContain('» анықтамалықтар: анықтамалықтарды сервистен жүктейміз');
  }, 240_000);

  it('every command that talks to the service shows its service options\' help in the run language', async () => {
    const commands = [['watch', 'in'], ['reconcile', 'f'], ['doctor'], ['directories', 'pull'], ['mapping', 'init', 'f'], ['mapping', 'check', 'm'], ['mapping', 'convert', 'a', 'b'], ['mapping', 'review'], ['products', 'show', '1'], ['runs']];
    for (const command of commands) {
      const run = await runCliCaptured([...command, '--help', '--lang', 'ru'], { cwd: ROOT, env: {} });
      expect(run.code, `${command.join(' ')}: ${run.stderr}`).toBe(0);
      expect(run.stdout, command.join(' ')).toContain('Адрес сервиса (переменная CATALOG_BASE_URL)');
      expect(run.stdout, command.join(' ')).not.toContain('Service base address');
    }
  });

  it('--lang xx is a usage error (exit 2) before anything runs', async () => {
    const stateDir = await makeStateDir();
    const run = await runCliCaptured([...README_IMPORT, '--state-dir', stateDir, '--lang', 'xx'], { cwd: ROOT, env: { LANG: 'ru_RU.UTF-8' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--lang "xx": допустимые значения — "en", "ru", "kk"');
    expect(run.stderr).toContain('Использование: catalog-import import <file>');
    await expect(readdir(stateDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('the settings file and CATALOG_LANG state the language as any setting does', async () => {
    const stateDir = await makeStateDir();
    const viaEnv = await runCliCaptured(['validate', 'samples/catalog.xlsx', '-m', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir], {
      cwd: ROOT,
      env: { CATALOG_LANG: 'kk', LANG: 'en_US.UTF-8' },
    });
    expect(viaEnv.stderr).toContain('» оқу: samples/catalog.xlsx (жіберусіз тексеру,');
    const config = join(stateDir, '..', 'settings.yaml');
    await writeFile(config, 'lang: ru\n');
    const viaFile = await runCliCaptured(['validate', 'samples/catalog.xlsx', '-m', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir, '--config', config], { cwd: ROOT, env: { LANG: 'en_US.UTF-8' } });
    expect(viaFile.stderr).toContain('» чтение: samples/catalog.xlsx (проверка без отправки,');
    expect(viaFile.stdout).toContain('Строки по статусам');
    const wrong = await runCliCaptured(['validate', 'samples/catalog.xlsx', '-m', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir], { cwd: ROOT, env: { CATALOG_LANG: 'de' } });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('CATALOG_LANG');
  }, 120_000);

  it('--json prints the same in every language', async () => {
    const outputs: string[] = [];
    for (const lang of ['en', 'ru', 'kk'] as const) {
      const stateDir = await makeStateDir();
      const run = await runCliCaptured(['validate', 'samples/catalog-with-mistakes.xlsx', '-m', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir, '--json', '--lang', lang], { cwd: ROOT, env: {} });
      expect(run.code, run.stderr).toBe(1);
      outputs.push(
        run.stdout
          .split(stateDir)
          .join('<state>')
          .replace(/\d{8}-\d{6}-[0-9a-f]{4}/g, '<run>')
          .replace(/"(startedAt|finishedAt|at)":"[^"]*"/g, '"$1":"<time>"')
          .replace(/"(\w*[mM]s|timings)":(\d+(\.\d+)?|\{[^}]*\})/g, '"$1":0'),
      );
    }
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[2]).toBe(outputs[0]);
  }, 180_000);

  it('help of import in Russian and Kazakh: our texts from the catalog, yargs words from its locale (Kazakh: ours)', async () => {
    const ru = await runCliCaptured(['import', '--help'], { cwd: ROOT, env: { LANG: 'ru_RU.UTF-8' } });
    expect(ru.stdout).toContain('Импорт файла: проверить, отправить товары без ошибок пакетами');
    expect(ru.stdout).toContain('Сервис и состояние:');
    expect(ru.stdout).toContain('Опции:');
    const kk = await runCliCaptured(['import', '--help', '--lang', 'kk'], { cwd: ROOT, env: {} });
    expect(kk.stdout).toContain('Файлды импорттау: тексеру');
    expect(kk.stdout).toContain('Опциялар:');
    expect(kk.stdout).toContain('[міндетті]');
  });

  it('under a Russian locale a misspelt flag is still reworded (yargs parses in English), in Russian; --json keeps English', async () => {
    const run = await runCliCaptured(['import', 'x.xlsx', '--maping', 'y.yaml'], { cwd: ROOT, env: { LANG: 'ru_RU.UTF-8' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('catalog-import: неизвестный параметр --maping (может быть, --mapping?)');
    const english = await runCliCaptured(['import', 'x.xlsx', '--maping', 'y.yaml', '--json'], { cwd: ROOT, env: { LANG: 'ru_RU.UTF-8' } });
    expect(JSON.parse(english.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({ code: 'USAGE', message: 'unknown option --maping (did you mean --mapping?)' });
  });

  it('a command group named alone lists its commands in the run language (its help read in English, shown in Russian)', async () => {
    const top = await runCliCaptured([], { cwd: ROOT, env: { LANG: 'ru_RU.UTF-8' } });
    expect(top.code).toBe(2);
    expect(top.stderr).toContain('catalog-import: укажите команду');
    expect(top.stderr).toContain('Команды:');
    expect(top.stderr).toContain('Импорт файла: проверить');
    const products = await runCliCaptured(['products'], { cwd: ROOT, env: { LANG: 'ru_RU.UTF-8' } });
    expect(products.code).toBe(2);
    expect(products.stderr).toContain('catalog-import: укажите подкоманду: list, show');
    expect(products.stderr).toContain('Команды:');
  });
  it('a bad setting is told in the run\'s language (exit 2, nothing written): what the schema asked for, where the value came from', async () => {
    const stateDir = await makeStateDir();
    const args = ['validate', 'samples/catalog.xlsx', '-m', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir];
    const ru = await runCliCaptured([...args, '--lang', 'ru'], { cwd: ROOT, env: { CATALOG_CONCURRENCY: '0' } });
    expect(ru.code).toBe(2);
    expect(ru.stderr).toContain('недопустимые настройки:');
    expect(ru.stderr).toContain('concurrency (переменная окружения CATALOG_CONCURRENCY): слишком мало: нужно число не меньше 1');
    const kk = await runCliCaptured([...args, '--lang', 'kk'], { cwd: ROOT, env: { CATALOG_CONCURRENCY: '0' } });
    expect(kk.code).toBe(2);
    expect(kk.stderr).toContain('жарамсыз баптаулар:');
    expect(kk.stderr).toContain('concurrency (орта айнымалысы CATALOG_CONCURRENCY): тым аз: кемінде 1 болатын сан керек');
    for (const run of [ru, kk]) expect(run.stderr).not.toMatch(/invalid settings|Too small|environment variable/);
    await expect(readdir(stateDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a mapping with problems is headed in the run\'s language, naming the file and the count', async () => {
    const stateDir = await makeStateDir();
    const mapping = join(stateDir, '..', 'bad.yaml');
    await writeFile(mapping, `${await readFile(join(ROOT, 'mappings', 'sample.yaml'), 'utf8')}batchSize: 0\n`);
    const args = ['validate', 'samples/catalog.xlsx', '-m', mapping, '--sandbox', '--state-dir', stateDir];
    const ru = await runCliCaptured([...args, '--lang', 'ru'], { cwd: ROOT, env: {} });
    expect(ru.code).toBe(2);
    expect(ru.stderr).toContain(`в маппинге ${mapping} 1 проблема`);
    const kk = await runCliCaptured([...args, '--lang', 'kk'], { cwd: ROOT, env: {} });
    expect(kk.code).toBe(2);
    expect(kk.stderr).toContain(`${mapping} маппингінде 1 ақау бар`);
    for (const run of [ru, kk]) expect(run.stderr).not.toContain('has 1 problem');
    const en = await runCliCaptured([...args, '--lang', 'en'], { cwd: ROOT, env: {} });
    expect(en.stderr).toContain(`mapping ${mapping} has 1 problem\n`);
  });
});
