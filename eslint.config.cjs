// ESLint for the browser client and the games' renderers (plain ES modules, no build step).
// Run it with `bash scripts/lint-js`, which installs the pinned ESLint, @eslint/js and globals into a
// cache and puts them on NODE_PATH (the reason this file is CommonJS: require() reads NODE_PATH).
const js = require('@eslint/js');
const globals = require('globals');

module.exports = [
  {
    files: ['src/sabbat/web/static/**/*.js', 'src/sabbat/games/*/web/**/*.js', 'examples/**/web/**/*.js'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
    rules: {
      ...js.configs.recommended.rules,
      eqeqeq: ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': 'error',
      'no-shadow': 'error',
      'no-implicit-globals': 'error',
    },
  },
  {
    files: ['eslint.config.cjs'],
    ...js.configs.recommended,
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
];
