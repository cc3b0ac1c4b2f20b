// monaco-yaml's worker, re-exported from our own file so that Vite bundles it as a module worker
// (importing the package's file directly with `?worker` breaks Monaco's foreign-module loading).
import 'monaco-yaml/yaml.worker.js';
