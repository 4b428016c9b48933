/**
 * Writes src/core/entity/name-data/places.json: the country and state names of country-state-city
 * (GPL-3.0 data, names only) and the city names of faker's en_US, en_IN, fr, de, it and es locales
 * (MIT), as the packages give them; lexicon.ts filters and merges them. The workers used to import
 * the packages themselves: 0.76 MB of states and countries (coordinates, time zones, flags) and 0.75 MB
 * of faker locales (object literals V8 compiles as code), for a few thousand names, in every chunk
 * that tags or renames (issue 44: compiling them was seconds of a first sweep). Run with
 * `npx tsx scripts/make-place-lists.ts`; a test regenerates and compares.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Country, State } from 'country-state-city';
import { fakerDE, fakerEN_IN, fakerEN_US, fakerFR, fakerIT, fakerES } from '@faker-js/faker';

/** Place names as the packages give them (duplicates and non-Latin names included; lexicon.ts filters). */
export interface PlaceSources {
  country: string[];
  state: string[];
  city: string[];
}

/** The lists from the packages, in the packages' order. */
export function placeSources(): PlaceSources {
  const city = [fakerEN_US, fakerEN_IN, fakerFR, fakerDE, fakerIT, fakerES].flatMap((f) => (f.rawDefinitions.location?.city_name as string[] | undefined) ?? []);
  return { country: Country.getAllCountries().map((c) => c.name), state: State.getAllStates().map((s) => s.name), city };
}

export const PLACES_FILE = join(import.meta.dirname, '..', 'src', 'core', 'entity', 'name-data', 'places.json');

/** The file's text: one list per line, so diffs stay readable. */
export function placesJson(p: PlaceSources): string {
  return `{\n "country": ${JSON.stringify(p.country)},\n "state": ${JSON.stringify(p.state)},\n "city": ${JSON.stringify(p.city)}\n}\n`;
}

if (process.argv[1] === import.meta.filename) writeFileSync(PLACES_FILE, placesJson(placeSources()));
