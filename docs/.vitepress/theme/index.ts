// The default VitePress theme, with room for the wide tables (definitions, formats, noise kinds).
import DefaultTheme from 'vitepress/theme';
import './custom.css';

export default DefaultTheme;
