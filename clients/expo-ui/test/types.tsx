// Compile-time checks (tsc -p clients/expo-ui): Expo UI's import paths resolve through this
// package's exports, with typed components and modifier helpers. Each @ts-expect-error must be
// an error, or tsc fails.
import {
  Host, List, HStack, Text, Button, TextField, Toggle, Slider, Image, SymbolView, Picker, SecureField, SwipeActions, Alert, Menu, Label, Circle,
  LazyVStack, Grid, ContextMenu, Popover, TabView, BottomSheet,
} from '@expo/ui/swift-ui';
import type { HStackProps } from '@expo/ui/swift-ui';
import { createModifier, createModifierWithEventListener, onTapGesture, padding, frame, symbolEffect, imageScale, symbolVariant, tag } from '@expo/ui/swift-ui/modifiers';

const pinned = createModifierWithEventListener('pin', ({ id }: { id: string }) => id.length, { id: 'p1' });
const dim = createModifier('dim', { amount: 0.5 });
const props: HStackProps = { alignment: 'center', modifiers: [pinned, dim, frame({ maxWidth: 100 })] };

export const screen = (
  <Host matchContents>
    <List>
      <HStack {...props}>
        <Image systemName="pin" color="red" size={12} />
        <Text modifiers={[onTapGesture(() => {}), padding()]}>Pinned</Text>
      </HStack>
      <Button onPress={() => {}} role="destructive" systemImage="trash">Delete</Button>
      <TextField defaultValue="a" onTextChange={(t) => t.toUpperCase()} />
      <Toggle isOn={false} onIsOnChange={(on) => !on} label="On" systemImage="power" testID="power" />
      <Slider value={0.5} step={0} onEditingChanged={(editing) => !editing} />
      <Button role="close" onPress={() => {}} />
      <Image systemName="heart" modifiers={[symbolEffect({ effect: 'bounce', value: 1 }), imageScale('large'), symbolVariant('fill')]} />
      <SymbolView symbolName="01.circle" effect="drawon" isAnimating weight="ultralight" colors={['red', '#00F']} />
      <Picker label={<Label title="Size" systemImage="ruler" />} selection={1} onSelectionChange={(value) => value}>
        <Text modifiers={[tag(1)]}>Small</Text>
      </Picker>
      <SecureField placeholder="Password" maxLength={32} onTextChange={(text) => text} />
      <SwipeActions>
        <Text>Row</Text>
        <SwipeActions.Actions edge="leading" allowsFullSwipe={false}>
          <Button label="Pin" onPress={() => {}} />
        </SwipeActions.Actions>
      </SwipeActions>
      <Alert title="Delete?" isPresented={false} onIsPresentedChange={(shown) => shown}>
        <Alert.Trigger><Button label="Delete" /></Alert.Trigger>
        <Alert.Actions><Button label="Cancel" role="cancel" /></Alert.Actions>
        <Alert.Message><Text>This cannot be undone.</Text></Alert.Message>
      </Alert>
      <Menu label="Share" systemImage="square.and.arrow.up"><Button label="Copy" /></Menu>
      <Circle modifiers={[onTapGesture(() => {})]} />
      <LazyVStack spacing={4}>
        <LazyVStack.ForEach data={[{ id: 'a', title: 'A' }]} keyExtractor={(row) => row.id}>
          {({ item }) => <Text>{item.title}</Text>}
        </LazyVStack.ForEach>
      </LazyVStack>
      <Grid verticalSpacing={2}><Grid.Row><Text>Cell</Text></Grid.Row></Grid>
      <ContextMenu>
        <ContextMenu.Trigger><Text>Hold</Text></ContextMenu.Trigger>
        <ContextMenu.Items><Button label="Share" /></ContextMenu.Items>
      </ContextMenu>
      <TabView selection="inbox" onSelectionChange={(tab) => tab}>
        <TabView.Tab value="inbox" label="Inbox" systemImage="tray"><Text>Mail</Text></TabView.Tab>
      </TabView>
      <BottomSheet isPresented={false} onIsPresentedChange={(shown) => shown}><Text>Sheet</Text></BottomSheet>
      <Popover arrowEdge="top"><Popover.Trigger><Text>?</Text></Popover.Trigger><Popover.Content><Text>Help</Text></Popover.Content></Popover>
    </List>
  </Host>
);

export const wrong = [
  // @ts-expect-error: a misspelt prop
  <Button onPres={() => {}} />,
  // @ts-expect-error: Image's name prop is systemName
  <Image name="pin" />,
  // @ts-expect-error: onIsOnChange gets a boolean
  <Toggle onIsOnChange={(v: string) => v} />,
  // @ts-expect-error: not a Button role
  <Button role="danger" />,
  // @ts-expect-error: the listener is a function
  createModifierWithEventListener('pin', 'not a function'),
  // @ts-expect-error: padding takes numbers
  padding({ all: 'wide' }),
  // @ts-expect-error: drawOn is not discrete, so it takes no value
  symbolEffect({ effect: 'drawOn', value: 1 }),
  // @ts-expect-error: an effect nitro-symbols does not have
  <SymbolView symbolName="heart" effect="explode" />,
  // @ts-expect-error: an Alert needs its title
  <Alert isPresented />,
  // @ts-expect-error: a swipe comes from the leading or the trailing edge
  <SwipeActions.Actions edge="top" />,
  // @ts-expect-error: a row's key comes from keyExtractor, which returns a string
  <LazyVStack.ForEach data={[1]} keyExtractor={(n) => n}>{() => <Text>x</Text>}</LazyVStack.ForEach>,
  // @ts-expect-error: a tab needs its value
  <TabView.Tab label="Inbox" />,
  // @ts-expect-error: maxLength is a number
  <SecureField maxLength="8" />,
  // @ts-expect-error: at most three colours
  <SymbolView symbolName="heart" colors={['a', 'b', 'c', 'd']} />,
];
