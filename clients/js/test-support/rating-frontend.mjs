// A front-end for the inspector's browser test: mounts the Rating fixture plugin's view on
// surface "stars" of the daemon at argv[2], and prints each value its onValueChange gets,
// then shows it (as a front-end that owns the value does).
import { connect } from '../src/index.js';

const connection = await connect({ socket: process.argv[2] });
const Rating = connection.requireNativeView('Rating');
let value = 1;
const tree = () => Rating({ key: 'r', value, max: 3, label: 'Stars', onValueChange: (event) => {
  value = event.nativeEvent.value;
  console.log(`onValueChange ${value}`);
  surface.update(tree()).catch((error) => console.log(`update failed: ${error.message}`));
} });
const surface = await connection.mount('stars', tree());
console.log('rating mounted');
