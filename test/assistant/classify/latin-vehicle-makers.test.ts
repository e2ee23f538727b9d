import { describe, expect, it } from 'vitest';
import { readVehicleModel } from '../../../src/assistant/classify/vehicle-makers.js';
import { findSure } from './find-sure-names.js';

describe('a lorry or car maker written in Latin beside a part', () => {
  // A truck-parts stock list: each was sure in a household leaf (a dehumidifier, a garden pump, a workshop compressor, a stepladder).
  it.each([
    'Осушитель воздуха VOLVO с/о 4324100347',
    'Осушитель воздуха Scania 4/P/R/T/N Bipro 05079444',
    'Насос водяной DAF XF105  907359',
    'Насос водяной  MAN Emmerre 907452',
    'Компрессор воздушный 2 цил. MB AXOR OM 457 160010098',
    'Стремянка с гайками Volvo M1800135',
  ])('%s is no sure pick outside the vehicles\' section', (name) => {
    expect(findSure('marketplace', [name])).toEqual([]);
  });

  it('keeps the vehicles\' own goods sure', () => {
    expect(findSure('marketplace', ['Воздушный фильтр «Bosch» для Toyota Camry 1 шт'])).toEqual([expect.stringContaining('Автотовары / Фильтры / Воздушные фильтры')]);
  });

  // Toys and children's goods named by a car's licence: the children's leaf holds models of the vehicle, no part of it.
  it.each(['Конструктор LEGO Mercedes-Benz Arocs', 'Детский электромобиль Toyota Land Cruiser', 'Пазл Toyota'])('%s stays sure in its children\'s leaf', (name) => {
    expect(findSure('marketplace', [name])).toEqual([expect.stringContaining('→ Детские товары / ')]);
  });

  it.each([
    ['Осушитель воздуха VOLVO с/о', 'VOLVO'],
    ['Компрессор воздушный MB Axor', 'MB'],
    ['Насос водяной MAN PE 03091800A', 'MAN'],
    ['Гайка MB М12х1,25  N308673012003', 'MB'],
    ['Насос водяной OM541/542 (с прокладками) MB 907136', 'MB'],
    ['Насос водяной Mercedes-Benz', 'Mercedes'],
  ])('%s: the maker %s', (name, maker) => {
    expect(readVehicleModel(name)).toBe(maker);
  });

  it.each([
    'Шуруповерт аккумуляторный Hyundai DF333DWYE 18 В',
    'Футболка Spider-Man детская',
    'Футболка SPIDER MAN',
    'Карта памяти 512 MB',
    'Кружка Superman',
    'Мельница для перца Peugeot Paris 22 см',
    'Лампа светодиодная Foton E27 10 Вт',
    'Гель для душа MAN',
    'Туалетная вода MAN 100 мл',
    'Парфюм MAN in Black',
    'Материнская плата MB',
    'Машинка металлическая Toyota Camry 1:32',
    'Модель грузовика Volvo FH16 1:43',
  ])('%s names no vehicle (a maker of other goods too, a word, a unit, a line of cosmetics, a scale model)', (name) => {
    expect(readVehicleModel(name)).toBeUndefined();
  });
});
