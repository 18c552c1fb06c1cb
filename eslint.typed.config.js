// Temporary: the type-aware rules issue #15 turns on, for checking your own scope before the
// lint branch lands. Copy into your worktree root (do not commit) and run
//   npx eslint -c eslint.typed.config.js <paths> --max-warnings=0
import base from './eslint.config.js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  ...base,
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
