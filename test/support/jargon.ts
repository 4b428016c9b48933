/**
 * Finds the jargon a UI source shows people: abbreviations (EM, DPR), CamelCase names (DBName),
 * letter-digit codes (C2W, fp16), subscripted names (D_worst) and hyphenated labels (rare-only,
 * no-spans, windows/s) in JSX text and in the string literals that become text; code (imports,
 * class names, test ids, comparisons, object keys) is skipped.
 */
import ts from 'typescript';

/** Attributes whose value is read by people (the others are code). */
const TEXT_ATTRS = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'summary', 'aria-description']);

/** The pieces of text of a TSX/TS source a person can see, in source order. */
export function uiTexts(source: string, file = 'x.tsx'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isTypeNode(n)) return;
    if (ts.isJsxAttribute(n) && !TEXT_ATTRS.has(n.name.getText(sf))) return;
    if (ts.isJsxText(n)) out.push(n.text);
    else if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      const p = n.parent;
      const code =
        ts.isElementAccessExpression(p) ||
        (ts.isPropertyAssignment(p) && p.name === n) ||
        ts.isCaseClause(p) ||
        (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword) ||
        (ts.isBinaryExpression(p) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(p.operatorToken.kind)) ||
        (ts.isCallExpression(p) && /\.(querySelector|querySelectorAll|getItem|setItem|closest|includes|startsWith|endsWith|addEventListener|removeEventListener|get|has|test|split)$|^(Term|lookupTerm)$/.test(p.expression.getText(sf)));
      if (!code) out.push(n.text);
    } else if (ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) out.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

export { jargonWords } from '../../src/core/glossary/spot.ts';
