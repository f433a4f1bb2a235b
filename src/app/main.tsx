// The app's entry (index.html loads it). The stylesheet first, then the start: how the app boots in tasks, the route
// table and the first screen loaded before React's first render, is first-screen machinery
// (first-screen/boot.tsx, first-screen/README.md). Changing a screen needs neither.
import './index.css'
import './first-screen/boot'
