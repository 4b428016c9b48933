/**
 * The colour of each answer category, one per category everywhere: the app's chips and charts
 * (src/app/charts/palette.ts re-exports it; styles.css holds the same values) and the audit's HTML report.
 * Okabe & Ito's colour-blind-safe set, darkened where white text sits on them (≥ 4.5:1).
 */
import type { PairCategory } from './categories.ts';

/** C2C bluish green, C2W vermillion, W2C indigo, W2W grey, partial orange. */
export const CATEGORY_COLORS: Record<PairCategory, string> = { C2C: '#00785a', C2W: '#b34700', W2C: '#4b3fc4', W2W: '#6b7080', partial: '#e69f00' };
