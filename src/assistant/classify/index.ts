/** The product classifier: product name (+ group path, label, brand) → leaf, with confidence, evidence and alternatives. */
export { buildClassifierIndex, hashCategories, CLASSIFIER_INDEX_VERSION } from './build-classifier-index.js';
export { classifyProduct, CONFIDENT_GAP, CONFIDENT_SCORE, findUnexplainedWords } from './classify-product.js';
export { extractProductType, type ProductType } from './extract-product-type.js';
export { isCatchAllText } from './catch-all-words.js';
export type { Alternative, Classification, ClassifierIndex, ClassifyInput, ClassifyOptions, Evidence, IndexedLeaf, IndexedName } from './classifier-types.js';
export { buildClassifierIndexPath, getClassifierIndex, loadClassifierIndex } from './load-classifier-index.js';
