/// The Scenes module: scene files (JSON) parsed and validated into a tree of node descriptions.
public enum ScenesModule {}
