import shared from '../../ui/Posts.module.css';
import own from './Messages.module.css';

/** The shared list and read layout with this screen's own classes. */
const css = { ...shared, ...own };
export default css;
