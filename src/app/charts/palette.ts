/**
 * The colours of categories and name sources, one per category everywhere (charts, chips, CSS).
 * Chosen from Okabe & Ito's colour-blind-safe set, darkened where white text sits on them (≥ 4.5:1);
 * test/unit/palette.test.ts checks that every pair stays apart under simulated protanopia,
 * deuteranopia and tritanopia, and that styles.css's variables hold the same values.
 */
import type { PairCategory } from '../../core/natural/categories.ts';
import type { NameSource } from '../../core/entity/options.ts';

/** Outcome categories: C2C bluish green, C2W vermillion, W2C indigo, W2W grey, partial orange (kept in core, which the audit report shares). */
export { CATEGORY_COLORS } from '../../core/natural/category-colors.ts';

/** Name sources and the original: grey, blue, orange, wine. */
export const SOURCE_COLORS: Record<NameSource | 'original', string> = { original: '#8a8f9c', indist: '#0072b2', db: '#e69f00', randstr: '#882255' };

/** The CSS variable of each category in styles.css. */
export const CATEGORY_VARS: Record<PairCategory, string> = { C2C: '--c2c', C2W: '--c2w', W2C: '--w2c', W2W: '--w2w', partial: '--partial' };
