/** Instances back to nested SQuAD JSON, the shape the evaluation scripts (and exports) use. */
import type { Instance } from '../data/types.ts';
import type { SquadArticle, SquadDataset, SquadParagraph, SquadQA } from '../metrics/squad.ts';

/**
 * Groups instances by title, then passage, e.g. instancesToSquad(result.instances) →
 * { version: 'v2.0', data: [{ title, paragraphs: [{ context, qas }] }] }. Version is v2.0 (with
 * is_impossible on every question) when any instance is unanswerable, else v1.1. The original
 * passage is exported; revisions are not part of SQuAD.
 */
export function instancesToSquad(instances: readonly Instance[]): SquadDataset {
  const v2 = instances.some((i) => i.isImpossible);
  const articles = new Map<string, { article: SquadArticle; paragraphs: Map<string, SquadParagraph> }>();
  for (const i of instances) {
    let a = articles.get(i.title);
    if (!a) {
      a = { article: { title: i.title, paragraphs: [] }, paragraphs: new Map() };
      articles.set(i.title, a);
    }
    let p = a.paragraphs.get(i.context);
    if (!p) {
      p = { context: i.context, qas: [] };
      a.paragraphs.set(i.context, p);
      a.article.paragraphs.push(p);
    }
    const qa: SquadQA = { id: i.id, question: i.question, answers: i.answers.map((x) => ({ text: x.text, answer_start: x.start })) };
    if (v2) qa.is_impossible = i.isImpossible;
    p.qas.push(qa);
  }
  return { version: v2 ? 'v2.0' : 'v1.1', data: [...articles.values()].map((a) => a.article) };
}
