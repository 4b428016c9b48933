/** Entity typing (typing.ts): continents, landmarks, buildings and works are never PER or GPE; places the dictionaries know are GPEs. */
import { describe, expect, it } from 'vitest';
import { detectEntities } from '../../src/core/entity/spans.ts';
import { nonEntityKind, typeEntity } from '../../src/core/entity/typing.ts';
import { placeKind } from '../../src/core/entity/lexicon.ts';
import { answerEntityType, answerTypeOf } from '../../src/core/ner/answer-type.ts';

/** The type detectEntities gives the entity covering `name` in `passage`, or 'none' when no PER/ORG/GPE covers it. */
function typeIn(passage: string, name: string): string {
  const at = passage.indexOf(name);
  const e = detectEntities(passage).find((x) => x.start < at + name.length && at < x.end);
  return e?.type ?? 'none';
}

describe('entity types in a passage', () => {
  it.each([
    // The cases.
    { passage: "She studied at St Mary's before moving to London.", name: "Mary's", want: 'none' },
    { passage: "St Mary's won the cup in 1901.", name: "Mary's", want: 'none' },
    { passage: 'Sydney is the largest city in Australia.', name: 'Sydney', want: 'GPE' },
    { passage: 'She flew from Sydney to Tokyo.', name: 'Sydney', want: 'GPE' },
    { passage: 'Africa is the second-largest continent.', name: 'Africa', want: 'none' },
    { passage: 'They climbed Kilimanjaro, the highest mountain in Africa.', name: 'Kilimanjaro', want: 'none' },
    { passage: 'The Eiffel Tower was finished in 1889.', name: 'Eiffel Tower', want: 'none' },
    { passage: 'Cheyenne is an American western television series.', name: 'Cheyenne', want: 'none' },
    { passage: 'The TV series Cheyenne starred Clint Walker.', name: 'Cheyenne', want: 'none' },
    // Continents and regions.
    { passage: 'Trade between Europe and Asia grew.', name: 'Europe', want: 'none' },
    { passage: 'Trade between Europe and Asia grew.', name: 'Asia', want: 'none' },
    { passage: 'The Sahara covers much of North Africa.', name: 'North Africa', want: 'none' },
    { passage: 'Penguins live in Antarctica.', name: 'Antarctica', want: 'none' },
    // Landmarks and buildings.
    { passage: 'The Empire State Building is in New York.', name: 'Empire State Building', want: 'none' },
    { passage: 'Mount Everest is in Nepal.', name: 'Everest', want: 'none' },
    { passage: 'Big Ben chimed at noon.', name: 'Ben', want: 'none' },
    { passage: 'Tourists queue outside Buckingham Palace.', name: 'Buckingham Palace', want: 'none' },
    // Works.
    { passage: 'He starred in the film Casablanca with Ingrid Bergman.', name: 'Casablanca', want: 'none' },
    { passage: 'She sang “Victoria” at the concert.', name: 'Victoria', want: 'none' },
    // What stays: people, organizations, GPEs.
    { passage: 'Marie Curie won the Nobel Prize.', name: 'Marie Curie', want: 'PER' },
    { passage: 'The Empire State Building is in New York.', name: 'New York', want: 'GPE' },
    { passage: 'Mount Everest is in Nepal.', name: 'Nepal', want: 'GPE' },
    { passage: 'Tolstoy wrote the novel; Leo Tolstoy lived in Russia.', name: 'Russia', want: 'GPE' },
    { passage: 'Harvard University is in Cambridge.', name: 'Harvard University', want: 'ORG' },
    { passage: 'The Hollywood studio Warner Bros. Pictures made it.', name: 'Warner Bros', want: 'ORG' },
    { passage: 'Paris is the capital of France.', name: 'Paris', want: 'GPE' },
    { passage: 'He moved to St. Louis in 1904.', name: 'Louis', want: 'GPE' },
  ])('$name in "$passage" → $want', ({ passage, name, want }) => {
    expect(typeIn(passage, name)).toBe(want);
  });
});

describe('answer types (the import and every renaming)', () => {
  it.each([
    { text: 'Africa', want: 'other' },
    { text: 'North America', want: 'other' },
    { text: 'Kilimanjaro', want: 'other' },
    { text: 'Eiffel Tower', want: 'other' },
    { text: "St Mary's", want: 'other' },
    { text: 'Westminster Abbey', want: 'other' },
    { text: 'Golden Gate Bridge', want: 'other' },
    { text: 'Taj Mahal', want: 'other' },
    { text: 'Sydney', want: 'GPE' },
    { text: 'Warsaw', want: 'GPE' },
    { text: 'Georgia', want: 'GPE' },
    { text: 'Marie Curie', want: 'PER' },
  ])('$text → $want', ({ text, want }) => {
    expect(answerEntityType(text)).toBe(want);
  });

  it.each([
    { context: 'Cheyenne is an American western television series that aired on ABC.', answer: 'Cheyenne', want: 'other' },
    { context: 'Cheyenne is the capital of Wyoming.', answer: 'Cheyenne', want: 'GPE' },
    { context: 'Queen Victoria reigned for 63 years; Victoria died in 1901.', answer: 'Victoria', at: 37, want: 'PER' },
    { context: 'They climbed Kilimanjaro, the highest mountain in Africa.', answer: 'Kilimanjaro', want: 'other' },
  ])('"$answer" in "$context" → $want', ({ context, answer, at, want }) => {
    const start = at ?? context.indexOf(answer);
    expect(context.slice(start, start + answer.length)).toBe(answer);
    expect(answerTypeOf({ context, isImpossible: false, answers: [{ text: answer, start }] })).toBe(want);
  });
});

describe('typeEntity', () => {
  it.each([
    { text: 'Sydney', context: 'Sydney is a city.', people: [], want: 'GPE' },
    { text: 'Florence', context: 'Florence Nightingale nursed soldiers. Florence was born in Italy.', start: 38, people: ['Florence Nightingale', 'Florence'], want: 'PER' },
    { text: 'Charlotte', context: 'Mrs Charlotte arrived.', start: 4, people: [], want: 'PER' },
    { text: 'Charlotte', context: 'Charlotte is in North Carolina.', people: [], want: 'GPE' },
    { text: 'Ann', context: 'Ann met Bob.', people: [], want: 'PER' },
    // Known tagger slips (a Hub NER model's or compromise's): a name cut short of its building word.
    { text: 'Eiffel', context: 'The Eiffel Tower was finished in 1889.', start: 4, people: [], want: null },
    { text: 'Gustave Eiffel', context: 'Gustave Eiffel built the tower.', people: [], want: 'PER' },
    { text: 'Empire', context: 'The Empire State Building is tall.', start: 4, people: [], want: null },
    { text: 'Golden', context: 'The Golden Gate Bridge opened.', start: 4, people: [], want: null },
  ])('PER "$text" in "$context" → $want', ({ text, context, start, people, want }) => {
    const at = start ?? 0;
    expect(context.slice(at, at + text.length)).toBe(text);
    expect(typeEntity({ type: 'PER', text, start: at, end: at + text.length }, context, people)).toBe(want);
  });
});

describe('against the place dictionaries', () => {
  it.each(['Africa', 'Europe', 'Asia', 'Antarctica', 'North America', 'South America', 'Oceania'])('continent %s is no country, state or city and no entity', (name) => {
    expect(placeKind(name)).toBeNull();
    expect(nonEntityKind(name)).toBe('continent');
  });

  it.each(['Sydney', 'Perth', 'Adelaide', 'Paris', 'Cheyenne', 'Warsaw'])('city %s is in the dictionaries (so a lone "person" of that name is the city)', (name) => {
    expect(placeKind(name)).toBe('city');
    expect(nonEntityKind(name)).toBeNull();
  });

  it("a region named like a mountain is still no GPE where the passage calls it a mountain", () => {
    expect(placeKind('Kilimanjaro')).toBe('state');
    expect(nonEntityKind('Kilimanjaro', 'Kilimanjaro, the highest mountain in Africa', 0, 11)).toBe('landmark');
  });
});
