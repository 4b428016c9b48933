/** Seeded pseudo-random numbers for generated fixtures and benchmarks: the core's generator. */
export { rng } from '../../src/core/text/random.ts';
