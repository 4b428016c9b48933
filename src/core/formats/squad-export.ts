/** Instances back to nested SQuAD JSON, the shape the evaluation scripts (and exports) use. */
import { codePointMapper, type CodePointMapper } from '../text/codepoints.ts';
import type { Instance } from '../data/types.ts';
import { fileAnswerType } from '../ner/file-answer-type.ts';
import type { SquadArticle, SquadDataset, SquadParagraph, SquadQA } from '../metrics/squad.ts';

/**
 * Groups runs of instances with the same title into an article, and runs with the same passage
 * into a paragraph, in the instances' order, e.g. instancesToSquad(result.instances) →
 * { version: 'v2.0', data: [{ title, paragraphs: [{ context, qas }] }] }. Version is v2.0 (with
 * is_impossible on every question) when `versionTwo` (the source's no-answer decision, kept by
 * every file the tool writes) is, or, when it is not given, when any instance is unanswerable. The original
 * passage is exported; revisions are not part of SQuAD. answer_start counts code points, as Python
 * and the SQuAD tools do (the UTF-16 offsets used inside are off by one per emoji before the answer).
 * Runs, not every instance with a title: two articles of a file that share a title stay two, in
 * their places; so do two next to each other, told apart by the instances' source `article`.
 */
export function instancesToSquad(instances: readonly Instance[], versionTwo?: boolean): SquadDataset {
  // Unanswerable questions are SQuAD 2.0 whatever the source said (data/no-answer.ts, rule 1).
  const v2 = versionTwo === true || instances.some((i) => i.isImpossible);
  const articles: SquadArticle[] = [];
  let article: SquadArticle | null = null;
  let from: number | undefined;
  let para: { p: SquadParagraph; cps: CodePointMapper } | null = null;
  for (const i of instances) {
    // A new article at a new title, or at the next of the source's articles (two in a row may share a title).
    if (!article || article.title !== i.title || from !== i.article) {
      from = i.article;
      article = { title: i.title, paragraphs: [] };
      articles.push(article);
      para = null;
    }
    if (!para || para.p.context !== i.context) {
      para = { p: { context: i.context, qas: [] }, cps: codePointMapper(i.context) };
      article.paragraphs.push(para.p);
    }
    para.p.qas.push(squadQa(i, para.cps, v2));
  }
  return { version: v2 ? 'v2.0' : 'v1.1', data: articles };
}

/** One question as a SQuAD qa, its answer starts converted by its passage's mapper `cps` (code points); `v2` adds is_impossible. */
export function squadQa(i: Instance, cps: CodePointMapper, v2: boolean): SquadQA {
  const qa: SquadQA = { id: i.id, question: i.question, answers: i.answers.map((x) => ({ text: x.text, answer_start: cps.toCodePoint(x.start) })) };
  if (v2) qa.is_impossible = i.isImpossible;
  // A user's correction of the answer's entity type travels with the question (answerTypeOf reads it back).
  const corrected = fileAnswerType(i.meta);
  if (corrected) Object.assign(qa, { answer_type: corrected });
  return qa;
}
