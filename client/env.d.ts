/// <reference types="vite/client" />

declare module '*.md' {
  const content: { meta: Record<string, string>; html: string };
  export default content;
}
