/**
 * Writes src/core/entity/name-data/zh-places.json: DBName's Chinese place names for Chinese
 * passages, from @faker-js/faker's zh_CN locale (MIT): provinces and autonomous regions without
 * their suffix (浙江省 → 浙江, 广西壮族自治区 → 广西), its major cities (the four municipalities
 * among them) and countries. Run with `npx tsx scripts/make-zh-places.ts`; a test regenerates and compares.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakerZH_CN } from '@faker-js/faker';

/** Country, province-level and city names, each sorted, in characters only. */
export interface ZhPlaces {
  country: string[];
  state: string[];
  city: string[];
}

/** A province-level name without its administrative suffix, e.g. stripProvince('宁夏回族自治区') === '宁夏'. */
export function stripProvince(name: string): string {
  return name.replace(/(维吾尔|壮族|回族)?自治区$|省$|市$/u, '');
}

const hanOnly = (s: string) => /^\p{Script=Han}{2,}$/u.test(s);
const sorted = (xs: Iterable<string>) => [...new Set(xs)].filter(hanOnly).sort();

/** The lists from faker's zh_CN definitions; a municipality (北京) is a city, not a province. */
export function zhPlaces(): ZhPlaces {
  const loc = fakerZH_CN.rawDefinitions.location ?? {};
  const city = sorted(loc.city_name ?? []);
  const state = sorted((loc.state ?? []).map(stripProvince)).filter((s) => !city.includes(s));
  const country = sorted(loc.country ?? []).filter((c) => !city.includes(c) && !state.includes(c));
  return { country, state, city };
}

export const ZH_PLACES_FILE = join(import.meta.dirname, '..', 'src', 'core', 'entity', 'name-data', 'zh-places.json');

/** The file's text: one list per line, so diffs stay readable. */
export function zhPlacesJson(p: ZhPlaces): string {
  return `{\n "country": ${JSON.stringify(p.country.join(' '))},\n "state": ${JSON.stringify(p.state.join(' '))},\n "city": ${JSON.stringify(p.city.join(' '))}\n}\n`;
}

if (process.argv[1] === import.meta.filename) writeFileSync(ZH_PLACES_FILE, zhPlacesJson(zhPlaces()));
