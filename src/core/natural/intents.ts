/**
 * Edit intentions of revision pairs. Wu et al. 2025 (§5.2, App. F) annotate with an 8-category
 * taxonomy derived from Yang et al. 2017's 13 semantic edit intentions of Wikipedia revisions;
 * a tag in Yang's taxonomy (e.g. from another tool's CSV) is counted under the category it maps
 * to, so distributions compare with the paper's Fig. 3.
 */

/**
 * The paper's eight categories, in App. F's order. Our copy of App. F is cut off after the fifth
 * definition (Refactoring); simplification, vandalism and other complete it (the paper's text
 * discusses vandalism; Yang's remaining visible-text intention is simplification).
 */
export const EDIT_INTENTS = ['copy-editing', 'clarification', 'elaboration', 'fact-update', 'refactoring', 'simplification', 'vandalism', 'other'] as const;
export type EditIntent = (typeof EDIT_INTENTS)[number];

/** Yang et al. 2017's 13 intentions (EMNLP, Table 1). */
export const YANG_INTENTS = ['clarification', 'copy-editing', 'counter-vandalism', 'disambiguation', 'elaboration', 'fact-update', 'point-of-view', 'process', 'refactoring', 'simplification', 'vandalism', 'wikification', 'other'] as const;
export type YangIntent = (typeof YANG_INTENTS)[number];

/**
 * Yang's 13 onto the paper's 8. The eight shared names map to themselves. The other five are
 * mostly markup or wording changes once a passage is plain text: point-of-view (Yang: "rewrite
 * using encyclopedic, neutral tone") and wikification (formatting, links) read as copy editing;
 * disambiguation (relinking to the specific page) as clarification; counter-vandalism (reverting
 * vandalism) as vandalism, the edit the pair shows undone; process (maintenance tags) as other.
 */
export const YANG_TO_WU: Readonly<Record<YangIntent, EditIntent>> = {
  clarification: 'clarification',
  'copy-editing': 'copy-editing',
  'counter-vandalism': 'vandalism',
  disambiguation: 'clarification',
  elaboration: 'elaboration',
  'fact-update': 'fact-update',
  'point-of-view': 'copy-editing',
  process: 'other',
  refactoring: 'refactoring',
  simplification: 'simplification',
  vandalism: 'vandalism',
  wikification: 'copy-editing',
  other: 'other',
};

/** A tag's key: lower case, runs of spaces/underscores/hyphens as one hyphen, e.g. 'Copy Editing' → 'copy-editing'; 'others' → 'other'. */
export function intentKey(tag: string): string {
  const k = tag.trim().toLowerCase().replace(/[\s_-]+/g, '-');
  return k === 'others' ? 'other' : k;
}

/**
 * The paper's category of a tag: one of the 8, a Yang intention mapped onto them, or (any other
 * text, kept as given) the tag itself, e.g. wuIntent('Point of view') → 'copy-editing'.
 */
export function wuIntent(tag: string): string {
  const k = intentKey(tag);
  if ((EDIT_INTENTS as readonly string[]).includes(k)) return k;
  if ((YANG_INTENTS as readonly string[]).includes(k)) return YANG_TO_WU[k as YangIntent];
  return tag;
}

/** Orders intention labels: the paper's 8 in App. F's order, then any other text alphabetically, 'untagged' last. */
export function compareIntents(a: string, b: string): number {
  const rank = (x: string) => (x === 'untagged' ? EDIT_INTENTS.length + 1 : (EDIT_INTENTS as readonly string[]).includes(x) ? (EDIT_INTENTS as readonly string[]).indexOf(x) : EDIT_INTENTS.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** Questions per intention (the paper's category) and C2W / C2C / W2C, in the paper's order, e.g. for Fig. 3. */
export function intentDistribution(rows: readonly { intent: string | null; category: string }[]): { intent: string; C2W: number; C2C: number; W2C: number }[] {
  const counts = new Map<string, { intent: string; C2W: number; C2C: number; W2C: number }>();
  for (const r of rows) {
    const intent = r.intent ? wuIntent(r.intent) : 'untagged';
    const c = counts.get(intent) ?? { intent, C2W: 0, C2C: 0, W2C: 0 };
    if (r.category === 'C2W' || r.category === 'C2C' || r.category === 'W2C') c[r.category]++;
    counts.set(intent, c);
  }
  return [...counts.values()].sort((x, y) => compareIntents(x.intent, y.intent));
}
