import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import GraphQLWorker from 'monaco-graphql/esm/graphql.worker.js?worker';

/**
 * The explorer's editors (Monaco) run their language services in web workers, which Vite builds only when it sees
 * them imported as workers (`?worker`): the same set-up as graphiql's own `setup-workers/vite`, without its log line
 * in the console. Workers are files of our origin, so the Content-Security-Policy's `'self'` lets them run.
 */
declare global {
  interface Window {
    MonacoEnvironment?: { getWorker: (workerId: string, label: string) => Worker };
  }
}

window.MonacoEnvironment = {
  getWorker(_workerId, label) {
    switch (label) {
      case 'json':
        return new JsonWorker();
      case 'graphql':
        return new GraphQLWorker();
      default:
        return new EditorWorker();
    }
  },
};
