export { createOpenAiCompatibleNarrator, type OpenAiCompatibleConfig } from './openai-compatible.js';
export { validateSections } from './validate.js';
