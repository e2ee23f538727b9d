/**
 * The marketplace-sized part of the sandbox's brand directory: the "no brand" entry, more real
 * brands of what Kazakhstani shops sell (grocery, household chemistry, hardware, car parts, pet
 * food, beauty, kids' goods, clothing), and a second set of generated local-looking names.
 *
 * Ids never move: the original known brands keep 1001…, the original generated ones 5001…; the
 * brands here continue the known list (after its last id) and the new generated set starts at
 * 6001. Names whose code an earlier brand already has are skipped, so a brand is never listed twice.
 *
 * Some well-known brands (Tecno, Infinix, OnePlus, Zara, H&M, Bershka, Nestlé) are left out on
 * purpose: the matching evaluation set uses them as brands a directory can lack.
 */
import { buildShuffledBrandNames } from './reference-brands.js';

/** The entry for goods without a brand; id 1000 is below every other brand id. */
export const NO_BRAND = { id: 1000, name: 'Без бренда', code: 'no-brand' } as const;

/** Real brands appended to the known list, in id order. Append only. */
export const MORE_KNOWN_BRANDS: string[] = [
  // Kazakhstan
  'Food Master', 'Фудмастер', 'Adal', 'Шин-Лайн', 'Raimbek', 'Пиала', 'Tassay', 'Asem-Ai', 'Sary-Agash', 'Цесна',
  'Aksai Nan', 'Ak Bidai', 'Кублей', 'Ecomilk', 'Moloko', 'Natige', 'Zerde', 'Kazakhstan Tea', 'Dala Milk', 'Айналайын',
  'Hamer', 'Alel', 'Sultan', 'Alma Foods', 'Kazfood', 'Кокше', 'Kokshetau Minerals', 'Sauran', 'Tengri Foods', 'Камила',
  'Алтын Дән', 'Kazakh Milk', 'Эль-Дан', 'Султан', 'Pavlodar Moloko', 'Turan', 'Aqbota', 'Tary', 'Aulym', 'Kaz Beauty',
  'Arbat', 'Kazpost', 'Шымкентпиво', 'Saryagash', 'Kazakhstan Kargo', 'Nomad Kazakhstan', 'Bal Dala', 'Qazaq Tea', 'Dastarkhan', 'Atameken',
  // Russia and CIS
  'Простоквашино', 'Домик в деревне', 'Весёлый молочник', 'Агуша', 'Фруктовый сад', 'Добрый', 'Любимый', 'Макфа', 'Мистраль', 'Увелка',
  'Махеевъ', 'Балтимор', 'Mr.Ricco', 'Черкизово', 'Мираторг', 'Петелинка', 'Бабаевский', 'Красный Октябрь', 'Рот Фронт', 'Коркунов',
  'Алёнка', 'Яшкино', 'KDV', 'Кириешки', 'Три корочки', 'Савушкин', 'Брест-Литовск', 'Чудо', 'Danissimo', 'Слобода',
  'Мягков', 'Ряба', 'Останкино', 'Мясная империя', 'Микоян', 'Вкусвилл', 'Сады Придонья', 'J7', 'Rich',
  'Липецкая', 'Святой источник', 'Бон Аква', 'Черноголовка', 'Байкал', 'Очаковский', 'Нестле Россия', 'Майский', 'Принцесса Нури', 'Беседа',
  'Жокей', 'Московская кофейня на паях', 'Живой кофе', 'Хлебный дом', 'Fazer', 'Каравай', 'Русский сахар', 'Чайкофский', 'Кубанская кухня', 'Пиканта',
  'Natura Siberica', 'Чистая линия', 'Чёрный жемчуг', 'Бархатные ручки', 'Faberlic', 'Librederm', 'Vitex', 'Belita', 'Art-Visage', 'Divage',
  'Vivienne Sabo', 'Luxvisage', 'Relouis', 'Эвалар', 'Компливит', 'Алфавит', 'Супрастин', 'Невская косметика', 'Свобода', 'Splat',
  'Лесной бальзам', 'Новый жемчуг', 'Ушастый нянь', 'Миф', 'Dosia', 'Bimax', 'Sarma', 'Aos', 'Пемолюкс', 'Мистер Мускул',
  'Раптор', 'Дихлофос', 'Боро', 'Чистюля', 'Зайка', 'Сибирское здоровье', 'Мнямс', 'Четвероногий гурман', 'Наша марка', 'Барсик',
  'Зоомир', 'Pro Balance', 'Organix', 'Фрутоняня', 'Малютка', 'Бабушкино лукошко', 'ФрутоНяня Kids', 'Умка', 'Мир деревянных игрушек', 'Десятое королевство',
  'Технопарк', 'Играем вместе', 'Полесье', 'Step Puzzle', 'Бондибон', 'Лас Играс', 'Ресанта', 'Калибр', 'Вихрь', 'Sturm',
  'Hammer', 'Denzel', 'Matrix', 'Stayer', 'Kraftool', 'Gross', 'Sparta', 'Практика', 'Энкор', 'Диолд',
  'Фиолент', 'Спец', 'Кратон', 'Elitech', 'Patriot Garden', 'Союз', 'Вибромаш', 'Тиккурила', 'Текс', 'Волма',
  'Основит', 'Старатели', 'Юнис', 'Ceresit', 'Knauf', 'Bergauf', 'Литокол', 'Тайтан', 'Момент', 'Макрофлекс',
  'Лукойл', 'Газпромнефть', 'Роснефть', 'Rolf', 'Sintec', 'Taneco', 'ТНК', 'Lavr', 'Felix', 'Автопилот',
  'Кама', 'Амтел', 'Нижнекамскшина', 'Белшина', 'Viatti', 'Ikon Tyres', 'Tunga', 'АвтоВАЗ', 'Трек', 'Пекар',
  'Гжель', 'Дулёво', 'Сысерть', 'Катюша', 'Нытва', 'Appetite', 'Мультидом', 'Хозяюшка', 'Попурри', 'Солнечный мир',
  'Ивановский текстиль', 'Василиса', 'Любимый дом', 'Монблан', 'Гармония', 'Вологодский текстиль', 'Сонум', 'Промтекс', 'Матрамакс', 'Консул',
  'Zarina', 'Incity', 'Finn Flare', 'Sela', 'Baon', 'Zolla', 'Lime', '12 Storeez', 'Gate31', 'Ekonika',
  'Ralf Ringer', 'Юничел', 'Котофей', 'Зенден', 'Kari', 'Carlo Pazolini', 'Respect', 'Эконика', 'Tervolina', 'Обувь России',
  'Ecco', 'Geox', 'Skechers', 'Crocs', 'Timberland', 'Dr. Martens', 'Converse', 'Vans', 'Fila', 'Kappa',
  // Global grocery and drinks
  'Coca-Cola', 'Pepsi', 'Fanta', 'Sprite', 'Schweppes', '7UP', 'Mirinda', 'Red Bull', 'Monster Energy', 'Burn',
  'Adrenaline Rush', 'Lipton', 'Fuse Tea', 'Nestea', 'Rich Tea', 'Nescafé', 'Jacobs', 'Lavazza', 'Illy',
  'Carte Noire', 'Tchibo', 'Paulig', 'Starbucks', 'Maccoffee', 'Greenfield', 'Tess', 'Ahmad Tea', 'Akbar', 'Dilmah',
  'Twinings', 'Richard', 'Curtis', 'Beta Tea', 'Alokozay', 'Mlesna', 'Danone', 'Activia', 'Actimel', 'Alpro',
  'President', 'Hochland', 'Valio', 'Arla', 'Almette', 'Philadelphia', 'Galbani', 'Viola', 'Heinz', 'Hellmann\'s',
  'Calvé', 'Knorr', 'Maggi', 'Gallina Blanca', 'Kotányi', 'Barilla', 'Pasta Zara', 'De Cecco', 'Mivina', 'Doshirak',
  'Rollton', 'Big Bon', 'Kellogg\'s', 'Nesquik', 'Nesquik Cereal', 'Quaker', 'Uncle Ben\'s', 'Mars', 'Snickers', 'Twix',
  'Bounty', 'Milky Way', 'M&M\'s', 'Kinder', 'Ferrero Rocher', 'Raffaello', 'Nutella', 'Milka', 'Alpen Gold', 'Ritter Sport',
  'Lindt', 'Toblerone', 'Cadbury', 'KitKat', 'Nesquik Choco', 'Orbit', 'Dirol', 'Mentos', 'Chupa Chups', 'Haribo',
  'Skittles', 'Oreo', 'Lay\'s', 'Pringles', 'Cheetos', 'Doritos', 'Estrella', 'Hrum', 'Bonduelle', 'Del Monte',
  'Mutti', 'Pomi', 'Borges', 'Filippo Berio', 'Monini', 'Zlato', 'Олейна', 'Щедрые', 'Royal Food', 'Sen Soy',
  'Kikkoman', 'Dr. Oetker', 'Haas', 'Магги', 'Tuc', 'Belvita', 'Юбилейное', 'Wasa', 'Finn Crisp', 'Hipp',
  'Gerber', 'Nutrilon', 'NAN', 'Nestogen', 'Humana', 'Similac', 'Bebi', 'Heinz Baby', 'Kabrita', 'Semper',
  // Global household and beauty
  'Frosch', 'Cif', 'Comet', 'Mr. Proper', 'Vanish', 'Calgon', 'Lenor', 'Losk', 'Finish', 'Somat',
  'Sodasan', 'Synergetic', 'Grass', 'Bref', 'Dettol', 'Sanita', 'Silit Bang', 'Pril', 'Zewa', 'Kleenex',
  'Tork', 'Papia', 'Familia', 'Lotus', 'Veiro', 'Glade', 'Air Wick', 'Raid', 'Mosquitall', 'Duru',
  'Septivit', 'Always', 'Naturella', 'Kotex', 'Libresse', 'Ola!', 'Tena', 'Seni', 'Durex', 'Contex',
  'Johnson\'s', 'Neutrogena', 'Clean & Clear', 'Old Spice', 'Axe', 'Rexona', 'Fa', 'Camay', 'Safeguard', 'Protex',
  'Timotei', 'Clear', 'Elseve', 'Fructis', 'Gliss Kur', 'Estel', 'Kapous', 'Londa', 'Matrix Professional', 'Redken',
  'Davines', 'Moroccanoil', 'Olaplex', 'Revlon', 'Catrice', 'Pupa', 'Deborah', 'Kiko Milano', 'Holika Holika', 'Missha',
  'Tony Moly', 'Etude', 'Innisfree', 'Laneige', 'Sulwhasoo', 'COSRX', 'Some By Mi', 'Mizon', 'Farmstay', 'Ekel',
  'Jigott', 'Deoproce', 'Medi-Peel', 'Purito', 'Klairs', 'Heimish', 'Round Lab', 'Beauty of Joseon', 'Skin1004', 'Anua',
  'Isntree', 'Axis-Y', 'Oriflame', 'Avon', 'Mary Kay', 'Eveline', 'Bielenda', 'Yves Rocher', 'The Body Shop', 'Kiehl\'s',
  'Shiseido', 'Sisley', 'Clarins', 'Guerlain', 'Yves Saint Laurent', 'Givenchy', 'Prada', 'Dolce & Gabbana', 'Carolina Herrera', 'Paco Rabanne',
  'Jean Paul Gaultier', 'Kenzo', 'Montblanc', 'Bvlgari', 'Tom Ford', 'Burberry', 'Lattafa', 'Ajmal', 'Rasasi', 'Afnan',
  'Sensodyne', 'Lacalut', 'R.O.C.S.', 'Curaprox', 'Blend-a-med', 'Listerine', 'Splat Kids', 'Venus', 'Bic', 'Schick',
  // Global hardware, tools, electrical, auto
  'Hilti', 'Einhell', 'Milwaukee', 'AEG Powertools', 'Hitachi', 'HiKOKI', 'Festool', 'Black+Decker', 'Worx', 'Dremel',
  'Fubag', 'Huter', 'Champion', 'Hyundai Power', 'Elitech Tools', 'Tolsen', 'Ingco', 'Total Tools', 'Wokin', 'Jonnesway',
  'Force', 'Ombra', 'Knipex', 'Wera', 'Wiha', 'Fiskars', 'Bahco', 'Irwin', 'Kapro', 'Stabila',
  'Legrand', 'Schneider Electric', 'ABB', 'IEK', 'EKF', 'Werkel', 'Lezard', 'Navigator', 'Gauss', 'Feron',
  'Эра', 'Camelion', 'Duracell', 'Energizer', 'GP Batteries', 'Varta', 'Osram', 'Tungsram', 'Xiaomi Yeelight', 'Grohe',
  'Hansgrohe', 'Ideal Standard', 'Cersanit', 'Roca', 'Jacob Delafon', 'Am.Pm', 'Santek', 'Rifar', 'Ariston', 'Thermex',
  'Baxi', 'Navien', 'Buderus', 'Vaillant', 'Wilo', 'Grundfos', 'Джилекс', 'Unipump', 'Tarkett', 'Quick-Step',
  'Kronospan', 'Egger', 'Kerama Marazzi', 'Ceramica Classic', 'Rasch', 'Erismann', 'Тимбер', 'Grand Line', 'Technonicol', 'Rockwool',
  'Isover', 'Ursa', 'Penoplex', 'Mann-Filter', 'Mahle', 'Sakura Filter', 'Valeo', 'NGK', 'Denso', 'Brembo',
  'TRW', 'Febi Bilstein', 'Lemförder', 'Sachs', 'Kayaba', 'Monroe', 'Gates', 'Dayco', 'SKF', 'Hella',
  'Philips Automotive', 'Osram Auto', 'ZIC', 'Mannol', 'Motul', 'Ravenol', 'Total Quartz', 'Elf', 'Eneos', 'Idemitsu',
  'Hi-Gear', 'Abro', 'Turtle Wax', 'Kerry', 'Kormoran', 'Tigar', 'Toyo', 'Nexen', 'Sailun', 'Triangle',
  'Linglong', 'Goodride', 'Maxxis', 'Dunlop', 'BFGoodrich', 'Matador', 'Gislaved', 'Laufenn', 'Ikon', 'Mega Power',
  'Varta Auto', 'Topla', 'Bosch Car Service', 'Phantom', 'StarLine', 'Pandora Car', 'Neoline', 'Playme', 'Inspector', 'Mio',
  // Global pet, kids, home, clothing, electronics
  'Felix', 'Sheba', 'Kitekat', 'Friskies', 'Gourmet', 'Chappi', 'Cesar', 'Darling', 'Dreamies', 'Orijen',
  'Grandorf', 'Monge', 'Farmina', 'Happy Cat', 'Happy Dog', 'Josera', 'Bozita', 'Probalance', 'Purina One', 'Perfect Fit',
  'Padovan', 'Vitakraft', 'Tetra', 'Sera', 'Ferplast', 'Savic', 'Cat Step', 'N1', 'Fresh Step', 'Ever Clean',
  'Beaphar', 'Bayer Animal Health', 'Frontline', 'Bravecto', 'Hartz', 'Fiory', 'Little One', 'Prince', 'Rio', 'Jungle',
  'Tommee Tippee', 'Avent', 'Pigeon', 'Nuk', 'Dr. Brown\'s', 'Goo.N', 'Moony', 'Libero', 'Sleepy', 'Mommy Baby',
  'Lovular', 'Yokosun', 'Manuoki', 'Bella Baby Happy', 'Baby Dream', 'Happy Baby', 'Cybex', 'Britax Römer', 'Joie', 'Chicco Auto',
  'Inglesina', 'Peg Perego', 'Cam', 'Babyton', 'Rant', 'Hape', 'Melissa & Doug', 'Spin Master', 'Paw Patrol', 'L.O.L. Surprise!',
  'Funko', 'Ravensburger', 'Play-Doh', 'Crayola', 'Jovi', 'Silverlit', 'Maisto', 'Bburago', 'Welly', 'Zuru',
  'Hot Wheels Monster', 'Magformers', 'Clementoni', 'Educa', 'Castorland', 'Djeco', 'Janod', 'Bruder', 'Siku', 'Smoby',
  'IKEA', 'Tescoma Home', 'Joseph Joseph', 'OXO', 'Brabantia', 'Curver', 'Keeplex', 'Idea', 'Phibo', 'Econova',
  'Leifheit', 'Vileda', 'York', 'Paclan', 'Lomberta', 'Home Queen', 'Lefard', 'Walmer', 'Wilmax', 'Luminarc Home',
  'Pasabahce', 'Bohemia', 'Villeroy & Boch', 'Rosenthal', 'Narumi', 'Royal Doulton', 'Corelle', 'Le Creuset', 'Staub', 'Fiskars Home',
  'Uniqlo', 'Pull&Bear', 'Stradivarius', 'Massimo Dutti', 'Reserved', 'Mohito', 'Cropp',
  'Sinsay', 'Terranova', 'Calzedonia', 'Intimissimi', 'Tezenis', 'Oysho', 'Women\'secret', 'Marks & Spencer', 'Next', 'Benetton',
  'Tom Tailor', 'S.Oliver', 'Esprit', 'Wrangler', 'Lee', 'Diesel', 'Armani Exchange', 'Ralph Lauren', 'Boss Orange', 'Helly Hansen',
  'Jack Wolfskin', 'Salomon', 'Merrell', 'Outventure', 'Anta', 'Li-Ning', 'Xtep', '361°', 'Joma', 'Umbro',
  'Realme Buds', 'Nothing', 'Google', 'Poco', 'itel', 'ZTE', 'Meizu',
  'Blackview', 'Ulefone', 'Doogee', 'Oukitel', 'Cubot', 'Sharp', 'Toshiba', 'Thomson', 'Skyworth', 'Yandex',
  'Tuya', 'Aqara', 'Ezviz', 'Hikvision', 'Dahua', 'Imou', 'Ubiquiti', 'MikroTik', 'Netis', 'D-Link',
  'Zyxel', 'Tenda', 'Cudy', 'ASRock', 'Zotac', 'Palit', 'Sapphire', 'PowerColor', 'Thermaltake', 'Cooler Master',
  'be quiet!', 'DeepCool', 'Zalman', 'Aerocool', 'Noctua', 'Arctic', 'Chieftec', 'FSP', 'Seasonic', 'Samsung Semiconductor',
  'Silicon Power', 'Netac', 'Apacer', 'Team Group', 'G.Skill', 'Verbatim', 'Sven', 'Oklick', 'Genius', 'Trust',
  'Bloody', 'Redragon', 'Fantech', 'Marvo', 'Canyon', 'Gembird', 'Cactus', 'Pantum', 'Ricoh', 'Sharp Business',
  'APC', 'Ippon', 'Powercom', 'Eaton', 'CyberPower', 'Mindray', 'Omron', 'B.Well', 'Microlife', 'AND',
  'Little Doctor', 'Beurer', 'Medisana', 'Armed', 'Тривес', 'Orto', 'Фосфаль', 'Acuvue', 'Bausch + Lomb', 'Air Optix',
  'Dailies', 'Biotrue', 'Opti-Free', 'ReNu', 'Solgar', 'Now Foods', 'Doctor\'s Best', 'California Gold Nutrition', 'Optimum Nutrition', 'BSN',
  'MuscleTech', 'Dymatize', 'Maxler', 'Weider', 'QNT', 'SAN', 'BioTech USA', 'Scitec Nutrition', 'Olimp', 'Geneticlab',
  'Fender', 'Gibson', 'Ibanez', 'Cort', 'Epiphone', 'Squier', 'Harley Benton', 'Roland', 'Korg', 'Medeli',
  'Kurzweil', 'Pearl', 'Tama', 'Zildjian', 'D\'Addario', 'Ernie Ball', 'Elixir', 'Hohner', 'Alhambra', 'Strunal',
  'Kaspi', 'Magnum', 'Small', 'Galmart', 'Anvar', 'Arzan', 'Sulpak', 'Technodom', 'Mechta', 'Evrika',
];

const MORE_PREFIXES = [
  'Alatau', 'Asyl', 'Bereke', 'Bolashaq', 'Dauren', 'Erke', 'Kemel', 'Meiram', 'Nur', 'Oiyn',
  'Qazyna', 'Saiat', 'Tabys', 'Tolqyn', 'Zhasyl', 'Aidyn', 'Belgi', 'Kokzhiek', 'Merei', 'Shapagat',
  'Северный', 'Добрыня', 'Ладога', 'Сибирь', 'Волга', 'Уралочка', 'Алтай', 'Байкал Стиль', 'Радуга', 'Заря',
  'Nordic', 'Prime', 'Smart', 'Eco', 'Royal', 'Golden', 'Silver', 'Green', 'Blue', 'Happy',
  'Sunny', 'Fresh', 'Pure', 'Bright', 'Magic', 'Star', 'Crystal', 'Ideal', 'Vita', 'Grand',
  'Ақжол', 'Береке', 'Дәулет', 'Жұлдызай', 'Көркем', 'Нұрлы', 'Сәуле', 'Тұмар', 'Үміт', 'Шаңырақ',
];

const MORE_SUFFIXES = [
  'Foods', 'Milk', 'Nan', 'Tea', 'Coffee', 'Sweets', 'Meat', 'Fish', 'Fruit', 'Water',
  'Clean', 'Chem', 'Paper', 'Hygiene', 'Build', 'Stroy', 'Metal', 'Paint', 'Parts', 'Motors',
  'Zoo', 'Vet', 'Print', 'Office', 'Music', 'Hobby', 'Pharm', 'Med', 'Optic', 'Group',
];

/** How many names of the second generated set there are (ids 6001 …). */
export const MORE_SYNTHETIC_BRAND_COUNT = 1700;

/** The second set of generated brand names for a seed: a seeded shuffle of prefix × suffix pairs. */
export function buildMoreSyntheticBrandNames(random: () => number): string[] {
  return buildShuffledBrandNames(MORE_PREFIXES, MORE_SUFFIXES, MORE_SYNTHETIC_BRAND_COUNT, random);
}
