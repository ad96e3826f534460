/// <reference types="vite/client" />
declare module 'virtual:icons' {
  const icons: Record<string, { body: string; width: number; height: number }>;
  export default icons;
}
