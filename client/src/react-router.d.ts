import 'react-router';

// With <BrowserRouter> (declarative mode) `navigate` returns nothing; its declared `void | Promise<void>`
// covers the data routers we do not use, and would make every navigation look like an unhandled promise.
declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
