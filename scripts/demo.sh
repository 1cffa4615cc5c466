#!/bin/sh
# make demo: converts every example OBJ to a JOM in OUT, checks it and prints
# its content; then a level, pictures, a cd/ folder, a CD made by
# `retromesh build` from examples/build/, NIFF files and an Oni
# game folder, all in OUT: the files the README's commands run on.
# Usage: scripts/demo.sh path/to/retromesh OUT_DIR [path/to/oni_make]
set -eu
tool=$1
out=$2
oni_make=${3:-}
mkdir -p "$out"
for obj in examples/*.obj; do
  name=$(basename "$obj" .obj)
  echo "================================================================"
  echo "retromesh info $obj"
  echo "================================================================"
  "$tool" info "$obj"
  echo
  # A model with a skeleton (docs/skeleton.md) has a .json of the same name,
  # with "bones" in it.
  if [ -f "examples/$name.json" ] && grep -q '"bones"' "examples/$name.json"; then
    echo "---- retromesh convert --verbose $obj $out/$name.jom --skeleton examples/$name.json"
    "$tool" convert --verbose "$obj" "$out/$name.jom" --skeleton "examples/$name.json"
  else
    echo "---- retromesh convert --verbose $obj $out/$name.jom"
    "$tool" convert --verbose "$obj" "$out/$name.jom"
  fi
  echo "---- retromesh check $out/$name.jom"
  "$tool" check "$out/$name.jom"
  echo "---- retromesh info $out/$name.jom"
  "$tool" info "$out/$name.jom"
  echo
done
# glTF models carry their skeleton and animations (docs/gltf.md).
for gltf in examples/*.gltf; do
  name=$(basename "$gltf" .gltf)
  echo "================================================================"
  echo "retromesh info $gltf"
  echo "================================================================"
  "$tool" info "$gltf"
  echo "---- retromesh convert --verbose $gltf $out/$name.jom"
  "$tool" convert --verbose "$gltf" "$out/$name.jom"
  echo "---- retromesh check $out/$name.jom"
  "$tool" check "$out/$name.jom"
  echo "---- retromesh pose $out/$name.jom --anim wave --time 15"
  "$tool" pose "$out/$name.jom" --anim wave --time 15
  echo
done
echo "================================================================"
echo "a level: retromesh level build examples/level.json $out/LEVEL.JOL"
echo "================================================================"
"$tool" level build examples/level.json "$out/LEVEL.JOL"
"$tool" level check "$out/LEVEL.JOL"
"$tool" level dump "$out/LEVEL.JOL"
echo
echo "---- retromesh info --json $out/cube.jom (the same content, machine readable)"
"$tool" info --json "$out/cube.jom" | head -40
echo "..."
echo
echo "---- retromesh render: pictures as the Saturn would draw them"
"$tool" render "$out/walker.jom" --anim walk --time 20 --views 4 -o "$out/walker.png"
"$tool" render "$out/robot.jom" --yaw 30 --pitch 15 -o "$out/robot.png"
"$tool" render "$out/walker.jom" --gif "$out/walker.gif" --fps 15 --size 160x120
"$tool" render "$out/puppet.jom" --anim wave --gif "$out/puppet.gif" --fps 15 --size 160x120
# The crate's texture is CRATE.BIN beside crate.jom.
"$tool" render "$out/crate.jom" --yaw 30 --pitch 20 -o "$out/crate_view.png"
echo "demo: $out/walker.png $out/robot.png $out/walker.gif $out/puppet.gif $out/crate_view.png"
echo
echo "================================================================"
echo "will it fit? retromesh budget: the level's models loaded as the engine would"
echo "================================================================"
# The example level names BARREL.JOM: the textured crate stands in for it,
# in a cd/ folder as on the game's CD (its texture CRATE.BIN beside it),
# with the robot as ROBOT.JOM.
mkdir -p "$out/cd"
"$tool" convert -q examples/crate.obj "$out/cd/BARREL.JOM"
"$tool" convert -q examples/robot.obj "$out/cd/ROBOT.JOM"
"$tool" level build examples/level.json "$out/cd/LEVEL.JOL"
"$tool" budget "$out/cd/LEVEL.JOL" --cd "$out/cd"
echo "---- retromesh render ROBOT.JOM --cd $out/cd: loaded as the engine does"
"$tool" render ROBOT.JOM --cd "$out/cd" --yaw 30 -o "$out/robot_cd.png"
echo
echo "---- retromesh budget for a set of models"
"$tool" budget "$out/robot.jom" "$out/walker.jom" "$out/colors.jom"
echo
echo "================================================================"
echo "a game's CD in one command: retromesh build examples/build/retromesh.json -o $out/build-cd"
echo "================================================================"
# examples/build/ (docs/build.md): the crate and a box whose textures are the
# same bytes in two folders (one texture file that both name), the robot, the
# walker with its skeleton simplified to 30 polygons, and a level whose robot
# (40 polygons) asks for a far model of 30 polygons drawn past 1500 units.
"$tool" build examples/build/retromesh.json -o "$out/build-cd"
echo "---- the CD folder $out/build-cd"
ls "$out/build-cd"
echo "---- retromesh build again: nothing changed, nothing written"
"$tool" build examples/build/retromesh.json -o "$out/build-cd"
echo "---- retromesh budget $out/build-cd/YARD.JOL --cd $out/build-cd: the far model counted too"
"$tool" budget "$out/build-cd/YARD.JOL" --cd "$out/build-cd"
echo "---- the robot's far model in the level"
"$tool" level dump "$out/build-cd/YARD.JOL" | grep far_
echo
echo "================================================================"
echo "NIFF (Nintendo 64): retromesh convert examples/robot.obj $out/robot.niff"
echo "================================================================"
"$tool" convert examples/robot.obj "$out/robot.niff"
"$tool" check "$out/robot.niff"
"$tool" info "$out/robot.niff"
echo "---- back to OBJ and to a Saturn model, and a picture"
"$tool" convert "$out/robot.niff" "$out/robot_from_niff.obj"
# NIFF holds triangles only; --merge-triangles joins flat pairs back into the
# quads the Saturn draws (76 triangles -> 40 polygons, as the OBJ had).
"$tool" convert --merge-triangles "$out/robot.niff" "$out/robot_from_niff.jom"
"$tool" render "$out/robot.niff" --yaw 30 --pitch 15 -o "$out/robot_niff.png"
echo "demo: $out/robot_niff.png"
echo "---- a textured NIFF: retromesh convert examples/crate.obj $out/crate.niff"
"$tool" convert examples/crate.obj "$out/crate.niff"
"$tool" check "$out/crate.niff"
echo
echo "================================================================"
echo "Oni: a small game folder written by the test generator, $out/oni"
echo "================================================================"
if [ -n "$oni_make" ] && [ -x "$oni_make" ]; then
  rm -rf "$out/oni"
  mkdir -p "$out/oni"
  "$oni_make" game "$out/oni"
  "$tool" oni hash "$out/oni"
else
  echo "demo: no Oni folder (tests/oni/oni_make is built with the tests: RM_TESTS=ON)"
fi
echo
echo "demo: the models are in $out/: JOM, NIFF, OBJ and PNG files, and cd/ (a game's CD"
echo "demo: folder: LEVEL.JOL, ROBOT.JOM, BARREL.JOM, CRATE.BIN), and build-cd/ (the CD that"
echo "demo: retromesh build made from examples/build/retromesh.json)"
[ -d "$out/oni" ] && echo "demo: and oni/ (Oni level files)"
exit 0
