/** The build's layouts of the shipped games (vite.config.ts, prelayout.ts). */
declare module 'virtual:diagram-layouts' {
  const layouts: import('./prelayout.ts').Prelayouts;
  export default layouts;
}
