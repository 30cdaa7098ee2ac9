//! `PositionSet` against a second model of a set of ids (`[bool; 960]`): every operation, and
//! every index of `nth`, agrees.

use chess960::StartingPosition;
use chess960::set::PositionSet;
use proptest::prelude::*;

fn sp(id: u16) -> StartingPosition {
    StartingPosition::from_id(id).unwrap()
}

/// Everything a set tells about itself, checked against `model`.
fn assert_matches(set: PositionSet, model: &[bool; 960]) {
    let ids: Vec<u16> = (0..960).filter(|&id| model[usize::from(id)]).collect();
    for id in 0..960 {
        assert_eq!(
            set.contains(sp(id)),
            model[usize::from(id)],
            "contains {id}"
        );
    }
    assert_eq!(set.len(), ids.len());
    assert_eq!(set.is_empty(), ids.is_empty());
    assert_eq!(set.iter().len(), ids.len());
    assert_eq!(set.iter().map(u16::from).collect::<Vec<_>>(), ids);
    let mut backwards: Vec<u16> = set.iter().rev().map(u16::from).collect();
    backwards.reverse();
    assert_eq!(backwards, ids);
    for index in 0..=ids.len() {
        let nth = set.nth(index).map(u16::from);
        assert_eq!(nth, ids.get(index).copied(), "nth {index}");
    }
    assert_eq!(set.iter().collect::<PositionSet>(), set);
    let listed: Vec<String> = ids.iter().map(u16::to_string).collect();
    assert_eq!(format!("{set:?}"), format!("{{{}}}", listed.join(", ")));
}

#[derive(Clone, Debug)]
enum Op {
    Insert(u16),
    Remove(u16),
    Union(Vec<u16>),
    Intersection(Vec<u16>),
    Difference(Vec<u16>),
    Complement,
}

fn op() -> impl Strategy<Value = Op> {
    let ids = || prop::collection::vec(0..960u16, 0..80);
    prop_oneof![
        4 => (0..960u16).prop_map(Op::Insert),
        4 => (0..960u16).prop_map(Op::Remove),
        1 => ids().prop_map(Op::Union),
        1 => ids().prop_map(Op::Intersection),
        1 => ids().prop_map(Op::Difference),
        1 => Just(Op::Complement),
    ]
}

fn model_of(ids: &[u16]) -> [bool; 960] {
    let mut model = [false; 960];
    for &id in ids {
        model[usize::from(id)] = true;
    }
    model
}

proptest! {
    #[test]
    fn every_operation_agrees_with_a_model(start_full: bool, ops in prop::collection::vec(op(), 0..60)) {
        let (mut set, mut model) = if start_full {
            (PositionSet::ALL, [true; 960])
        } else {
            (PositionSet::NONE, [false; 960])
        };
        for op in ops {
            match op {
                Op::Insert(id) => {
                    assert_eq!(set.insert(sp(id)), !model[usize::from(id)]);
                    assert_eq!(set, set.with(sp(id)));
                    model[usize::from(id)] = true;
                }
                Op::Remove(id) => {
                    assert_eq!(set.remove(sp(id)), model[usize::from(id)]);
                    assert_eq!(set, set.without(sp(id)));
                    model[usize::from(id)] = false;
                }
                Op::Union(ids) => {
                    let other: PositionSet = ids.iter().map(|&id| sp(id)).collect();
                    set = set.union(other);
                    let other = model_of(&ids);
                    model = std::array::from_fn(|i| model[i] || other[i]);
                }
                Op::Intersection(ids) => {
                    let other: PositionSet = ids.iter().map(|&id| sp(id)).collect();
                    set = set.intersection(other);
                    let other = model_of(&ids);
                    model = std::array::from_fn(|i| model[i] && other[i]);
                }
                Op::Difference(ids) => {
                    let other: PositionSet = ids.iter().map(|&id| sp(id)).collect();
                    set = set.difference(other);
                    let other = model_of(&ids);
                    model = std::array::from_fn(|i| model[i] && !other[i]);
                }
                Op::Complement => {
                    set = set.complement();
                    model = model.map(|kept| !kept);
                }
            }
        }
        assert_matches(set, &model);
    }
}

/// Every set of one and every set of all but one, in full.
#[test]
fn every_set_of_one_and_of_all_but_one() {
    for id in 0..960 {
        let mut model = [false; 960];
        model[usize::from(id)] = true;
        let one = PositionSet::from(sp(id));
        assert_matches(one, &model);
        assert_matches(one.complement(), &model.map(|kept| !kept));
    }
}

#[test]
fn the_named_sets() {
    assert_matches(PositionSet::ALL, &[true; 960]);
    assert_matches(PositionSet::NONE, &[false; 960]);
    assert_matches(PositionSet::default(), &[false; 960]);
    assert_matches(PositionSet::STANDARD_AND_MIRROR, &model_of(&[518, 534]));
    let pair: Vec<String> = PositionSet::STANDARD_AND_MIRROR
        .iter()
        .map(|sp| sp.to_string())
        .collect();
    assert_eq!(pair, ["RNBQKBNR", "RNBKQBNR"]);
}
