/**
 * Brand names of the sandbox's reference data: well-known brands sold on Kazakhstani marketplaces
 * (fixed ids from 1001, append only), then generated local-looking brands (ids from 5001) whose
 * names depend on the seed.
 */

/** Known brands, in id order (id = 1001 + position). Append only. */
export const KNOWN_BRANDS: string[] = [
  'Samsung', 'Apple', 'Xiaomi', 'Huawei', 'Honor', 'Realme', 'OPPO', 'vivo', 'Nokia', 'Motorola',
  'Sony', 'LG', 'Philips', 'Panasonic', 'Bosch', 'Siemens', 'Electrolux', 'Beko', 'Indesit', 'Haier',
  'Midea', 'Gorenje', 'Candy', 'Hotpoint', 'Tefal', 'Moulinex', 'Redmond', 'Polaris', 'Scarlett', 'Vitek',
  'Braun', 'Rowenta', 'Dyson', 'Kärcher', 'Kitfort', 'Lenovo', 'ASUS', 'Acer', 'HP', 'Dell',
  'MSI', 'Logitech', 'Razer', 'HyperX', 'SteelSeries', 'Defender', 'A4Tech', 'Canon', 'Nikon', 'Fujifilm',
  'GoPro', 'DJI', 'JBL', 'Marshall', 'Sennheiser', 'Bose', 'Edifier', 'Anker', 'Baseus', 'Ugreen',
  'Hoco', 'Borofone', 'Kingston', 'SanDisk', 'Transcend', 'Western Digital', 'Seagate', 'TP-Link', 'Keenetic', 'Mercusys',
  'Microsoft', 'Nintendo', 'Adidas', 'Nike', 'Puma', 'Reebok', 'New Balance', 'ASICS', 'Under Armour', 'The North Face',
  'Columbia', "Levi's", 'Mango', 'LC Waikiki', 'DeFacto', 'Koton', "Colin's", 'Gloria Jeans', "O'stin", 'Befree',
  'Love Republic', 'Tommy Hilfiger', 'Calvin Klein', 'Lacoste', 'Guess', 'Michael Kors', 'Casio', 'Tissot', 'Seiko', 'Citizen',
  'Fossil', 'Swatch', 'Ray-Ban', 'Samsonite', 'Chicco', 'Pampers', 'Huggies', 'Merries', 'LEGO', 'Hasbro',
  'Mattel', 'Barbie', 'Hot Wheels', 'Fisher-Price', 'Playmobil', 'Nerf', 'Maybelline New York', "L'Oréal Paris", 'Garnier', 'Nivea',
  'Dove', 'Vichy', 'La Roche-Posay', 'Bioderma', 'CeraVe', 'The Ordinary', 'Clinique', 'Estée Lauder', 'MAC', 'NYX Professional Makeup',
  'Essence', 'Max Factor', 'Rimmel', 'Bourjois', 'Pantene', 'Head & Shoulders', 'Schwarzkopf', 'Syoss', 'Wella', 'Kérastase',
  'Chanel', 'Dior', 'Lancôme', 'Hugo Boss', 'Versace', 'Gucci', 'Giorgio Armani', 'Colgate', 'Oral-B', 'Gillette',
  'Palmolive', 'Ariel', 'Persil', 'Tide', 'Fairy', 'Domestos', 'Michelin', 'Bridgestone', 'Continental', 'Nokian Tyres',
  'Pirelli', 'Hankook', 'Kumho', 'Yokohama', 'Goodyear', 'Cordiant', 'Castrol', 'Shell', 'Mobil', 'Liqui Moly',
  'TotalEnergies', 'Makita', 'DeWalt', 'Metabo', 'Ryobi', 'Stanley', 'Интерскол', 'Зубр', 'Gardena', 'Stihl',
  'Husqvarna', 'Royal Canin', 'Purina Pro Plan', 'Whiskas', 'Pedigree', "Hill's", 'Acana', 'Brit', 'Trixie', 'Luminarc',
  'Bormioli Rocco', 'Pyrex', 'Tescoma', 'Fissman', 'Rondell', 'Zepter', 'Нева Металл Посуда', 'Kukmara', 'Tupperware', 'Arya Home',
  'Togas', 'Mona Liza', 'Karna', 'English Home', 'Madame Coco', 'Askona', 'Ormatek', 'Wilson', 'Spalding', 'Mikasa',
  'Molten', 'Torneo', 'Demix', 'Stern', 'Forward', 'Stels', 'Merida', 'Trek', 'Giant', 'Cube',
  'Kugoo', 'Ninebot', 'Pandora', 'SOKOLOV', 'SUNLIGHT', 'Qazaq Republic', 'Рахат', 'Баян Сулу', 'Атамұра', 'Алматыкітап',
  'Мектеп', 'Фолиант', 'Эксмо', 'АСТ', 'Азбука', 'МИФ', 'Росмэн', 'Faber-Castell', 'Erich Krause', 'Brauberg',
  'Hatber', 'Staedtler', 'Parker', 'Xiaomi Mijia', 'Roborock', 'Dreame', 'Ecovacs', 'Tineco', 'Ballu', 'Timberk',
  'Zanussi', 'AEG', 'Whirlpool', 'Hisense', 'TCL', 'Artel', 'Shivaki', 'Vestel', 'Arçelik', 'Ardesto',
  'Garmin', 'Amazfit', 'Huawei Band', 'Jabra', 'Audio-Technica', 'Shure', 'Rode', 'Yamaha', 'Casio Music', 'Epson',
  'Brother', 'Kyocera', 'Xerox', 'Gigabyte', 'AMD', 'Intel', 'Corsair', 'Crucial', 'ADATA', 'Patriot',
];

const SYNTHETIC_PREFIXES = [
  'Altyn', 'Nomad', 'Dala', 'Tulpar', 'Samruk', 'Aruna', 'Sunkar', 'Baiterek', 'Zhuldyz', 'Aqsu',
  'Turan', 'Steppe', 'Ulytau', 'Aral', 'Ertis', 'Zhetysu', 'Tengri', 'Umay', 'Baraka', 'Mirra',
  'Nordika', 'Lumi', 'Vela', 'Orion', 'Terra', 'Nova', 'Luna', 'Arctic', 'Polar', 'Urban',
  'Ақбота', 'Құлагер', 'Көктем', 'Әсем', 'Шұғыла', 'Ұлан', 'Өркен', 'Іңкәр', 'Ғажайып', 'Һикмет',
];

const SYNTHETIC_SUFFIXES = [
  'Home', 'Style', 'Kids', 'Tech', 'Sport', 'Beauty', 'Line', 'Pro', 'Lab', 'Wear',
  'Textile', 'Garden', 'Toys', 'Auto', 'Electric', 'Market', 'Studio', 'Care', 'Fashion', 'Baby',
  'Pet', 'Tools', 'Light', 'Decor', 'Craft',
];

/** How many generated brands there are (ids 5001 …). */
export const SYNTHETIC_BRAND_COUNT = 320;

/** Generated brand names for a seed: a seeded shuffle of prefix × suffix pairs, the first `SYNTHETIC_BRAND_COUNT`. */
export function buildSyntheticBrandNames(random: () => number): string[] {
  return buildShuffledBrandNames(SYNTHETIC_PREFIXES, SYNTHETIC_SUFFIXES, SYNTHETIC_BRAND_COUNT, random);
}

/** The first `count` of a seeded shuffle (Fisher–Yates) of every `prefix suffix` pair. */
export function buildShuffledBrandNames(prefixes: readonly string[], suffixes: readonly string[], count: number, random: () => number): string[] {
  const all: string[] = [];
  for (const prefix of prefixes) {
    for (const suffix of suffixes) all.push(`${prefix} ${suffix}`);
  }
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = all[i] as string;
    all[i] = all[j] as string;
    all[j] = a;
  }
  return all.slice(0, count);
}
